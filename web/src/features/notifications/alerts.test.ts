import { describe, expect, it } from 'vitest';
import { notificationAlert, preview, socialAlert, videoAlert } from './alerts';

const me = 'user-me';
const ada = { username: 'ada', displayName: 'Ada L.' };

describe('socialAlert', () => {
  it('names the sender of a new message, shows its start and opens the conversation', () => {
    expect(
      socialAlert(
        {
          kind: 'message',
          conversationId: 'c1',
          friend: ada,
          message: { senderId: 'u-ada', content: 'Hi\n there' },
        },
        me,
      ),
    ).toEqual({
      title: 'New message from Ada L.',
      body: 'Hi there',
      path: '/messages?c=c1',
      tag: 'dm:c1',
      chime: true,
    });
  });

  it('says nothing of one’s own messages (from another tab), read receipts or removals', () => {
    expect(
      socialAlert(
        { kind: 'message', conversationId: 'c1', friend: ada, message: { senderId: me, content: 'x' } },
        me,
      ),
    ).toBeNull();
    expect(socialAlert({ kind: 'read', conversationId: 'c1' }, me)).toBeNull();
    expect(socialAlert({ kind: 'friend_removed', friend: ada }, me)).toBeNull();
    expect(socialAlert({ kind: 'friend_declined', friend: ada }, me)).toBeNull();
  });

  it('tells of friend requests and acceptances by the username when there is no display name, without a chime', () => {
    expect(socialAlert({ kind: 'friend_request', friend: { username: 'bob' } }, me)).toMatchObject({
      title: 'New friend request',
      body: 'bob wants to be your friend.',
      path: '/friends',
      chime: false,
    });
    expect(socialAlert({ kind: 'friend_accepted', friend: ada }, me)?.body).toBe(
      'You and Ada L. are now friends.',
    );
  });
});

describe('videoAlert and preview', () => {
  it('says a video is ready or why it failed, opening the gallery', () => {
    expect(videoAlert('completed', 'A kite over the dunes')).toMatchObject({
      title: 'Your video is ready',
      body: 'A kite over the dunes',
      path: '/gallery',
    });
    expect(videoAlert('failed', 'A kite', 'The provider refused it').body).toBe('The provider refused it');
  });

  it('keeps a preview to one line of at most 120 characters', () => {
    const long = 'word '.repeat(60);
    expect(preview(long)).toHaveLength(120);
    expect(preview(long).endsWith('…')).toBe(true);
    expect(preview('  two\n\nlines ')).toBe('two lines');
  });
});

describe('notificationAlert', () => {
  const words = () => ({ title: 'Ada commented on your video', detail: 'Lovely\n light', path: '/videos/x' });
  it('alerts a comment or reply with a chime, in the bell’s words', () => {
    expect(notificationAlert({ id: 'n1', kind: 'comment' }, words)).toEqual({
      title: 'Ada commented on your video',
      body: 'Lovely light',
      path: '/videos/x',
      tag: 'note:n1',
      chime: true,
    });
    expect(notificationAlert({ id: 'n2', kind: 'like' }, words)?.chime).toBe(false);
  });

  it('leaves messages, friends and videos to their own alerts (nothing told twice)', () => {
    for (const kind of ['message', 'friend_request', 'friend_accepted', 'video_finished', 'video_failed'])
      expect(notificationAlert({ id: 'n', kind }, words)).toBeNull();
  });
});
