/**
 * Outgoing webhooks' rules both sides use: the events an endpoint may subscribe to (the api's
 * modules/webhooks raises them; the webhooks page offers them) and how many endpoints one person may have.
 */
export const WEBHOOK_EVENTS = [
  'video.completed',
  'video.failed',
  'post.published',
  'answer.completed',
  'friend.accepted',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Marks a text for the catalogues (scripts/lib/i18nMessages.ts); the page translates it where drawn. */
const msg = (text: string) => text;

/** What each event tells of, as the webhooks page lists them (translated there: t(label)). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'video.completed': msg('A video of yours finished rendering'),
  'video.failed': msg('A video of yours failed'),
  'post.published': msg('A video of yours was published'),
  'answer.completed': msg('An assistant finished an answer in your chats'),
  'friend.accepted': msg('Someone accepted your friend request'),
};

export const MAX_WEBHOOK_ENDPOINTS = 10;
