/**
 * What a push says: the bell's words (web/src/features/notifications/notificationText.ts), short,
 * and nothing more private than the bell shows. A message's text stays out: a push can light up a
 * locked phone's screen.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** Where a click leads, a path of this site (the service worker opens it on its own origin). */
  url: string;
  /** Pushes with the same tag replace each other on the device (a conversation's messages). */
  tag: string;
}

/** The kinds that are pushed (module README): what someone would want to hear of with Chorus closed. */
export const PUSHED_KINDS = ['message', 'friend_request', 'video_finished'] as const;
export type PushedKind = (typeof PUSHED_KINDS)[number];
export const isPushed = (kind: string): kind is PushedKind =>
  (PUSHED_KINDS as readonly string[]).includes(kind);

export interface PushedNotification {
  id: string;
  kind: PushedKind;
  count: number;
  targetId: string | null;
  data: Record<string, unknown>;
  /** The actor as others see them (a display name, else the username), if any. */
  actor: string | null;
}

const short = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

export function pushPayloadOf(n: PushedNotification): PushPayload {
  const who = short(n.actor ?? 'Someone', 40);
  switch (n.kind) {
    case 'message':
      return {
        title: n.count > 1 ? `${n.count} new messages from ${who}` : `New message from ${who}`,
        body: 'Open Chorus to read it.',
        url: n.targetId ? `/messages?c=${encodeURIComponent(n.targetId)}` : '/messages',
        tag: `message:${n.targetId ?? n.id}`,
      };
    case 'friend_request':
      return {
        title: `${who} sent you a friend request`,
        body: 'Open Friends to answer it.',
        url: '/friends',
        tag: `friend_request:${n.id}`,
      };
    case 'video_finished': {
      const prompt = typeof n.data.prompt === 'string' ? n.data.prompt.replace(/\s+/g, ' ').trim() : '';
      return {
        title: 'Your video is ready',
        body: prompt ? short(prompt, 100) : 'Open your gallery to watch it.',
        url: '/gallery',
        tag: `video:${n.targetId ?? n.id}`,
      };
    }
  }
}
