import { describe, expect, it } from 'vitest';
import { isPushed, pushPayloadOf } from './payload.ts';

const base = { id: 'n1', count: 1, targetId: 't1', data: {}, actor: 'Ada' };

describe('push payloads', () => {
  it('pushes only messages, friend requests and finished videos', () => {
    expect(['message', 'friend_request', 'video_finished'].every(isPushed)).toBe(true);
    expect(['like', 'comment', 'video_failed', 'follower', 'new_video'].some(isPushed)).toBe(false);
  });

  it("says a message's sender and count, never its text", () => {
    const one = pushPayloadOf({ ...base, kind: 'message', data: { text: 'the secret' } });
    expect(one).toEqual({
      title: 'New message from Ada',
      body: 'Open Chorus to read it.',
      url: '/messages?c=t1',
      tag: 'message:t1',
    });
    expect(pushPayloadOf({ ...base, kind: 'message', count: 4 }).title).toBe('4 new messages from Ada');
    expect(JSON.stringify(one)).not.toContain('secret');
  });

  it("shortens a long name and a finished video's prompt", () => {
    const long = pushPayloadOf({ ...base, kind: 'friend_request', actor: 'x'.repeat(80) });
    expect(long.title.length).toBeLessThan(80);
    expect(long.url).toBe('/friends');
    const video = pushPayloadOf({
      ...base,
      kind: 'video_finished',
      data: { prompt: `a  kite\n${'y'.repeat(300)}` },
    });
    expect(video.body.startsWith('a kite y')).toBe(true);
    expect(video.body.length).toBeLessThanOrEqual(100);
    expect(pushPayloadOf({ ...base, kind: 'video_finished' }).body).toBe('Open your gallery to watch it.');
    expect(pushPayloadOf({ ...base, kind: 'friend_request', actor: null }).title).toBe(
      'Someone sent you a friend request',
    );
  });

  it("is written in its person's language (deliver.ts reads the account's setting)", () => {
    const de = pushPayloadOf({ ...base, kind: 'message' }, 'de');
    expect(de).toMatchObject({ title: 'Neue Nachricht von Ada', body: 'Öffne Chorus, um sie zu lesen.' });
    expect(pushPayloadOf({ ...base, kind: 'message', count: 3 }, 'ja').title).toBe(
      'Ada さんから新しいメッセージが 3 件',
    );
    expect(pushPayloadOf({ ...base, kind: 'friend_request', actor: null }, 'de').title).toMatch(/^Jemand /);
  });
});
