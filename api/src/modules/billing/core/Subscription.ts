import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { TimestampedEntity } from '../../../platform/baseEntity.ts';
import { User } from '../../accounts/core/User.ts';

/** A user's plan; one row per user, kept in step with Stripe (or the sandbox checkout). */
export const Subscription = defineEntity({
  name: 'Subscription',
  tableName: 'subscriptions',
  extends: TimestampedEntity,
  properties: {
    user: () => p.oneToOne(User).owner().unique().deleteRule('cascade'),
    stripeCustomerId: p.string().length(255).nullable().unique(),
    stripeSubscriptionId: p.string().length(255).nullable().unique(),
    planType: p.enum(['free', 'monthly', 'yearly', 'max', 'yearlyMax'] as const).default('free'),
    status: p.string().length(32).default('active'),
    currentPeriodStart: p.datetime().nullable(),
    currentPeriodEnd: p.datetime().nullable(),
    /** The subscription ends (back to Free) when the current period does. */
    cancelAtPeriodEnd: p.boolean().default(false),
  },
});
export type Subscription = InferEntity<typeof Subscription>;
