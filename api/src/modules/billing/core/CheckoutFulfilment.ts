import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../accounts/core/User.ts';

/**
 * Checkout sessions already fulfilled. The webhook and the browser's return call both try to
 * fulfil a paid session; whichever inserts this row first does the work, the other is a no-op.
 */
export const CheckoutFulfilment = defineEntity({
  name: 'CheckoutFulfilment',
  tableName: 'checkout_fulfilments',
  properties: {
    sessionId: p.string().length(255).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    fulfilledAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export type CheckoutFulfilment = InferEntity<typeof CheckoutFulfilment>;
