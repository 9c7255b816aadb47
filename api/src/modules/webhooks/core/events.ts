import type { WebhookEventType } from '@chorus/shared/webhookRules';

/** The events an endpoint may subscribe to (@chorus/shared/webhookRules), and `ping`: a test delivery, sent whatever it subscribes to. */
export {
  MAX_WEBHOOK_ENDPOINTS as MAX_ENDPOINTS_PER_USER,
  WEBHOOK_EVENTS,
  type WebhookEventType,
} from '@chorus/shared/webhookRules';

export type WebhookDeliveryType = WebhookEventType | 'ping';

/** How many deliveries each endpoint's log keeps (older finished ones are pruned as new ones come). */
export const DELIVERY_LOG_KEEP = 100;
