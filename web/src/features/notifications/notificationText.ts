/**
 * What a notification of the bell says and where it leads (schema/notifications.graphql), as plain
 * data: unit tested, and the same words on the page and wherever else a notification is shown.
 */
import { msg, type Translate, t } from '../../lib/i18n';

export interface NotificationLike {
  kind: string;
  actor?: { username: string; displayName?: string | null } | null;
  targetType?: string | null;
  targetId?: string | null;
  count: number;
  /** The server's JSON facts (a message's start, a video's prompt, a report's outcome). */
  data: string;
}

function facts(data: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(data) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A server value as an ICU select key: a word, or `other` for anything else. */
const selectKey = (value: string) => (/^[a-z_]+$/.test(value) ? value : 'other');

/** What each kind of notification is called where it can be muted (Settings → Notifications). */
export const KIND_LABELS: Record<string, string> = {
  friend_request: msg('Friend requests'),
  friend_accepted: msg('Accepted friend requests'),
  message: msg('Direct messages'),
  video_finished: msg('Finished videos'),
  video_failed: msg('Videos that could not be made'),
  report_outcome: msg('Outcomes of your reports'),
  follower: msg('New followers'),
  like: msg('Likes on your videos'),
  new_video: msg('New videos from people you follow'),
  comment: msg('Comments on your videos'),
  reply: msg('Replies to your comments'),
};

/** A kind's label; a kind this page does not know yet reads as its name, not as nothing. */
export const kindLabel = (kind: string, translate: Translate = t) => {
  const label = KIND_LABELS[kind];
  return label ? translate(label) : kind.replace(/_/g, ' ');
};

/** A comment's video page, at its comments (comments/components/CommentsSection.tsx's anchor). */
const commentPath = (f: Record<string, unknown>) =>
  text(f.slug) ? `/videos/${encodeURIComponent(text(f.slug))}#comments` : '/notifications';

export function describeNotification(
  n: NotificationLike,
  translate: Translate = t,
): { title: string; detail: string; path: string } {
  const t = translate;
  const who = n.actor?.displayName || n.actor?.username || t('Someone');
  const f = facts(n.data);
  switch (n.kind) {
    case 'friend_request':
      return { title: t('{who} sent you a friend request', { who }), detail: '', path: '/friends' };
    case 'friend_accepted':
      return { title: t('{who} accepted your friend request', { who }), detail: '', path: '/friends' };
    case 'message':
      return {
        title:
          n.count > 1
            ? t('{count} new messages from {who}', { count: n.count, who })
            : t('New message from {who}', { who }),
        detail: text(f.text),
        path: n.targetId ? `/messages?c=${n.targetId}` : '/messages',
      };
    case 'video_finished':
      return { title: t('Your video is ready'), detail: text(f.prompt), path: '/gallery' };
    case 'video_failed':
      return {
        title: t('Your video could not be made'),
        detail: text(f.error) || text(f.prompt),
        path: '/gallery',
      };
    case 'report_outcome': {
      // One sentence per outcome and per thing reported (select), never pieces joined.
      const title = t(
        '{outcome, select, hide {Moderators removed it from view} delete {Moderators deleted it} warn {Moderators warned its owner} suspend {Moderators suspended its owner} ban {Moderators banned its owner} dismiss {Moderators found nothing against the rules} restore {Moderators reviewed it and left it up} other {Moderators reviewed it}}',
        { outcome: selectKey(text(f.outcome)) },
      );
      const detail = t(
        '{reported, select, post {The video you reported} user {The profile you reported} message {The message you reported} comment {The comment you reported} other {The content you reported}}',
        { reported: selectKey(text(f.reported)) },
      );
      return { title, detail, path: '/settings/safety' };
    }
    case 'follower':
      return {
        title: t('{who} started following you', { who }),
        detail: '',
        path: n.actor ? `/u/${encodeURIComponent(n.actor.username)}` : '/notifications',
      };
    case 'like':
      return {
        title:
          n.count > 1
            ? t('{who} and {others} more liked your video', { who, others: n.count - 1 })
            : t('{who} liked your video', { who }),
        detail: text(f.title),
        path: text(f.slug) ? `/videos/${encodeURIComponent(text(f.slug))}` : '/gallery',
      };
    case 'new_video':
      return {
        title: t('{who} shared a new video', { who }),
        detail: text(f.title),
        path: text(f.slug)
          ? `/videos/${encodeURIComponent(text(f.slug))}`
          : '/community-videos?feed=following',
      };
    case 'comment':
      return {
        title: t('{who} commented on your video', { who }),
        detail: text(f.text),
        path: commentPath(f),
      };
    case 'reply':
      return {
        title: t('{who} replied to your comment', { who }),
        detail: text(f.text),
        path: commentPath(f),
      };
    default:
      return { title: t('Something new'), detail: '', path: '/notifications' };
  }
}
