/**
 * What a notification of the bell says and where it leads (schema/notifications.graphql), as plain
 * data: unit tested, and the same words on the page and wherever else a notification is shown.
 */
export interface NotificationLike {
  kind: string;
  actor?: { username: string; displayName?: string | null } | null;
  targetType?: string | null;
  targetId?: string | null;
  count: number;
  /** The server's JSON facts (a message's start, a video's prompt, a report's outcome). */
  data: string;
}

const OUTCOMES: Record<string, string> = {
  hide: 'removed it from view',
  delete: 'deleted it',
  warn: 'warned its owner',
  suspend: 'suspended its owner',
  ban: 'banned its owner',
  dismiss: 'found nothing against the rules',
  restore: 'reviewed it and left it up',
};

const REPORTED: Record<string, string> = {
  post: 'video',
  user: 'profile',
  message: 'message',
  comment: 'comment',
};

function facts(data: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(data) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What each kind of notification is called where it can be muted (Settings → Notifications). */
export const KIND_LABELS: Record<string, string> = {
  friend_request: 'Friend requests',
  friend_accepted: 'Accepted friend requests',
  message: 'Direct messages',
  video_finished: 'Finished videos',
  video_failed: 'Videos that could not be made',
  report_outcome: 'Outcomes of your reports',
  follower: 'New followers',
  like: 'Likes on your videos',
  new_video: 'New videos from people you follow',
  comment: 'Comments on your videos',
  reply: 'Replies to your comments',
};

/** A kind's label; a kind this page does not know yet reads as its name, not as nothing. */
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind.replace(/_/g, ' ');

/** A comment's video page, at its comments (comments/components/CommentsSection.tsx's anchor). */
const commentPath = (f: Record<string, unknown>) =>
  text(f.slug) ? `/videos/${encodeURIComponent(text(f.slug))}#comments` : '/notifications';

export function describeNotification(n: NotificationLike): { title: string; detail: string; path: string } {
  const who = n.actor?.displayName || n.actor?.username || 'Someone';
  const f = facts(n.data);
  switch (n.kind) {
    case 'friend_request':
      return { title: `${who} sent you a friend request`, detail: '', path: '/friends' };
    case 'friend_accepted':
      return { title: `${who} accepted your friend request`, detail: '', path: '/friends' };
    case 'message':
      return {
        title: n.count > 1 ? `${n.count} new messages from ${who}` : `New message from ${who}`,
        detail: text(f.text),
        path: n.targetId ? `/messages?c=${n.targetId}` : '/messages',
      };
    case 'video_finished':
      return { title: 'Your video is ready', detail: text(f.prompt), path: '/gallery' };
    case 'video_failed':
      return {
        title: 'Your video could not be made',
        detail: text(f.error) || text(f.prompt),
        path: '/gallery',
      };
    case 'report_outcome': {
      const what = REPORTED[text(f.reported)] ?? 'content';
      const did = OUTCOMES[text(f.outcome)] ?? 'reviewed it';
      return { title: `Moderators ${did}`, detail: `The ${what} you reported`, path: '/settings/safety' };
    }
    case 'follower':
      return {
        title: `${who} started following you`,
        detail: '',
        path: n.actor ? `/u/${encodeURIComponent(n.actor.username)}` : '/notifications',
      };
    case 'like':
      return {
        title: n.count > 1 ? `${who} and ${n.count - 1} more liked your video` : `${who} liked your video`,
        detail: text(f.title),
        path: text(f.slug) ? `/videos/${encodeURIComponent(text(f.slug))}` : '/gallery',
      };
    case 'new_video':
      return {
        title: `${who} shared a new video`,
        detail: text(f.title),
        path: text(f.slug)
          ? `/videos/${encodeURIComponent(text(f.slug))}`
          : '/community-videos?feed=following',
      };
    case 'comment':
      return {
        title: `${who} commented on your video`,
        detail: text(f.text),
        path: commentPath(f),
      };
    case 'reply':
      return {
        title: `${who} replied to your comment`,
        detail: text(f.text),
        path: commentPath(f),
      };
    default:
      return { title: 'Something new', detail: '', path: '/notifications' };
  }
}
