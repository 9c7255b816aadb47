import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';
import { ownedByUser } from '../../accounts/core/ownedByUser.ts';

/** One charge, recorded once per Stripe payment id. */
export const PaymentHistory = defineEntity({
  name: 'PaymentHistory',
  tableName: 'payment_history',
  extends: CreatedEntity,
  properties: ownedByUser(
    {
      stripePaymentId: p.string().length(255).unique(),
      amount: p.decimal('string').precision(10).scale(2),
      currency: p.string().length(3).default('usd'),
      status: p.string().length(32),
      paymentDate: p.datetime(),
    },
    { indexed: true },
  ),
});
export type PaymentHistory = InferEntity<typeof PaymentHistory>;
