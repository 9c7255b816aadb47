/** The events an endpoint may subscribe to, and `ping` (a test delivery: sent whatever it subscribes to). */
export const WEBHOOK_EVENTS = [
  'video.completed',
  'video.failed',
  'post.published',
  'answer.completed',
  'friend.accepted',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export type WebhookDeliveryType = WebhookEventType | 'ping';

/** How many endpoints one person may have. */
export const MAX_ENDPOINTS_PER_USER = 10;
/** How many deliveries each endpoint's log keeps (older finished ones are pruned as new ones come). */
export const DELIVERY_LOG_KEEP = 100;
