import { t } from '../../lib/i18n';

/**
 * What a live event tells the signed-in person, as plain data (no browser APIs here, so it is unit
 * tested): the desktop notification's words and where clicking it goes, and whether it chimes.
 * The events are the socialEvents subscription's (schema/social.graphql) and a video's end.
 */
export interface Alert {
  title: string;
  body: string;
  /** The app path clicking the notification opens. */
  path: string;
  /** One notification per thing: a newer one with the same tag replaces it. */
  tag: string;
  /** Played when "Enable Sounds" is on. */
  chime: boolean;
}

export interface SocialEventLike {
  kind: string;
  conversationId?: string | null;
  friend?: { username: string; displayName?: string | null } | null;
  message?: { senderId: string; content: string } | null;
}

const nameOf = (friend: SocialEventLike['friend']) => friend?.displayName || friend?.username || t('Someone');

/** A short line of a message: its first 120 characters, on one line. */
export function preview(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The alert for a social event, or null for those that tell nothing new (read receipts, own messages). */
export function socialAlert(event: SocialEventLike, viewerId: string): Alert | null {
  if (event.kind === 'message') {
    if (!event.message || event.message.senderId === viewerId) return null;
    return {
      title: t('New message from {who}', { who: nameOf(event.friend) }),
      body: preview(event.message.content),
      path: event.conversationId ? `/messages?c=${event.conversationId}` : '/messages',
      tag: `dm:${event.conversationId ?? ''}`,
      chime: true,
    };
  }
  if (event.kind === 'friend_request')
    return {
      title: t('New friend request'),
      body: t('{who} wants to be your friend.', { who: nameOf(event.friend) }),
      path: '/friends',
      tag: `friend:${event.friend?.username ?? ''}`,
      chime: false,
    };
  if (event.kind === 'friend_accepted')
    return {
      title: t('Friend request accepted'),
      body: t('You and {who} are now friends.', { who: nameOf(event.friend) }),
      path: '/friends',
      tag: `friend:${event.friend?.username ?? ''}`,
      chime: false,
    };
  return null;
}

/**
 * The kinds of the bell's notifications (schema/notifications.graphql) that alert live through
 * notificationAlert; the others already do through the social events or the video's own progress.
 */
const NOTIFICATION_ALERTS: Record<string, { chime: boolean }> = {
  comment: { chime: true },
  reply: { chime: true },
  like: { chime: false },
  follower: { chime: false },
  new_video: { chime: false },
  report_outcome: { chime: false },
};

/**
 * The alert for a new notification (the notificationAdded subscription), in the words the bell uses
 * (`describe`, notificationText.ts); a reply or comment chimes like a message. Null for the kinds
 * alerted otherwise (messages, friends, videos), so nothing is told twice.
 */
export function notificationAlert(
  n: { id: string; kind: string },
  describe: () => { title: string; detail: string; path: string },
): Alert | null {
  const kind = NOTIFICATION_ALERTS[n.kind];
  if (!kind) return null;
  const { title, detail, path } = describe();
  return { title, body: preview(detail), path, tag: `note:${n.id}`, chime: kind.chime };
}

/** The alert for a video that finished rendering, or failed. */
export function videoAlert(status: 'completed' | 'failed', prompt: string, error?: string | null): Alert {
  return status === 'completed'
    ? {
        title: t('Your video is ready'),
        body: preview(prompt),
        path: '/gallery',
        tag: 'video',
        chime: false,
      }
    : {
        title: t('Your video could not be made'),
        body: preview(error || prompt),
        path: '/gallery',
        tag: 'video',
        chime: false,
      };
}
