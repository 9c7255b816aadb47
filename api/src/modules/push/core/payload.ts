import { msg, translate } from '../../../platform/i18n.ts';

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

/** The payload in `language` (its person's setting, English when it follows the browser's: deliver.ts). */
export function pushPayloadOf(n: PushedNotification, language = 'en'): PushPayload {
  const tr = (text: string, values?: Record<string, unknown>) => translate(language, text, values);
  const who = short(n.actor ?? tr(msg('Someone')), 40);
  switch (n.kind) {
    case 'message':
      return {
        title:
          n.count > 1
            ? tr(msg('{count} new messages from {who}'), { count: n.count, who })
            : tr(msg('New message from {who}'), { who }),
        body: tr(msg('Open Chorus to read it.')),
        url: n.targetId ? `/messages?c=${encodeURIComponent(n.targetId)}` : '/messages',
        tag: `message:${n.targetId ?? n.id}`,
      };
    case 'friend_request':
      return {
        title: tr(msg('{who} sent you a friend request'), { who }),
        body: tr(msg('Open Friends to answer it.')),
        url: '/friends',
        tag: `friend_request:${n.id}`,
      };
    case 'video_finished': {
      const prompt = typeof n.data.prompt === 'string' ? n.data.prompt.replace(/\s+/g, ' ').trim() : '';
      return {
        title: tr(msg('Your video is ready')),
        body: prompt ? short(prompt, 100) : tr(msg('Open your gallery to watch it.')),
        url: '/gallery',
        tag: `video:${n.targetId ?? n.id}`,
      };
    }
  }
}
