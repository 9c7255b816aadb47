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

/** What each event tells of, as the webhooks page lists them. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'video.completed': 'A video of yours finished rendering',
  'video.failed': 'A video of yours failed',
  'post.published': 'A video of yours was published',
  'answer.completed': 'An assistant finished an answer in your chats',
  'friend.accepted': 'Someone accepted your friend request',
};

export const MAX_WEBHOOK_ENDPOINTS = 10;
