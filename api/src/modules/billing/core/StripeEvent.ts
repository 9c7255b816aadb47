import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * Every billing event already processed, by its Stripe event id (sandbox events too). Inserted in
 * the same transaction as the event's effects, so a redelivered event is a no-op and a failed one
 * is retried whole.
 */
export const StripeEvent = defineEntity({
  name: 'StripeEvent',
  tableName: 'stripe_events',
  properties: {
    id: p.string().length(255).primary(),
    type: p.string().length(100),
    /** When Stripe created the event. */
    createdAt: p.datetime(),
    processedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export type StripeEvent = InferEntity<typeof StripeEvent>;
