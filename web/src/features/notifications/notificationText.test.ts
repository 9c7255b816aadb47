import { describe, expect, it } from 'vitest';
import { describeNotification } from './notificationText';

const ada = { username: 'ada', displayName: 'Ada L.' };

describe('describeNotification', () => {
  it('names who wrote, counts grouped messages and opens the conversation', () => {
    const one = { kind: 'message', actor: ada, targetId: 'c1', count: 1, data: '{"text":"Hi"}' };
    expect(describeNotification(one)).toEqual({
      title: 'New message from Ada L.',
      detail: 'Hi',
      path: '/messages?c=c1',
    });
    expect(describeNotification({ ...one, count: 3 }).title).toBe('3 new messages from Ada L.');
  });

  it('words friend events, videos and report outcomes, with where each leads', () => {
    expect(
      describeNotification({ kind: 'friend_request', actor: { username: 'bob' }, count: 1, data: '{}' }),
    ).toEqual({
      title: 'bob sent you a friend request',
      detail: '',
      path: '/friends',
    });
    expect(
      describeNotification({ kind: 'video_failed', count: 1, data: '{"prompt":"A kite","error":"Refused"}' }),
    ).toMatchObject({ title: 'Your video could not be made', detail: 'Refused', path: '/gallery' });
    expect(
      describeNotification({
        kind: 'report_outcome',
        count: 1,
        data: '{"outcome":"hide","reported":"post"}',
      }),
    ).toEqual({
      title: 'Moderators removed it from view',
      detail: 'The video you reported',
      path: '/settings/safety',
    });
  });

  it('tells of followers and groups the likes of one video, leading to the profile and the video', () => {
    expect(describeNotification({ kind: 'follower', actor: ada, count: 1, data: '{}' })).toEqual({
      title: 'Ada L. started following you',
      detail: '',
      path: '/u/ada',
    });
    const likes = { kind: 'like', actor: ada, count: 3, data: '{"title":"A kite","slug":"a-kite-1"}' };
    expect(describeNotification(likes)).toEqual({
      title: 'Ada L. and 2 more liked your video',
      detail: 'A kite',
      path: '/videos/a-kite-1',
    });
    expect(describeNotification({ ...likes, count: 1 }).title).toBe('Ada L. liked your video');
  });

  it('survives a kind it does not know and data that is not JSON', () => {
    expect(describeNotification({ kind: 'future_kind', count: 1, data: 'not json' })).toEqual({
      title: 'Something new',
      detail: '',
      path: '/notifications',
    });
    expect(describeNotification({ kind: 'friend_accepted', actor: null, count: 1, data: 'null' }).title).toBe(
      'Someone accepted your friend request',
    );
  });
});

describe('comment notifications', () => {
  it('says who commented or replied, with the comment’s start, and opens the video at its comments', () => {
    const data = JSON.stringify({ title: 'Sunset', slug: 'sunset-1', text: 'Lovely colours' });
    expect(describeNotification({ kind: 'comment', actor: ada, count: 1, data })).toEqual({
      title: 'Ada L. commented on your video',
      detail: 'Lovely colours',
      path: '/videos/sunset-1#comments',
    });
    expect(describeNotification({ kind: 'reply', actor: { username: 'bob' }, count: 1, data })).toEqual({
      title: 'bob replied to your comment',
      detail: 'Lovely colours',
      path: '/videos/sunset-1#comments',
    });
  });
});
