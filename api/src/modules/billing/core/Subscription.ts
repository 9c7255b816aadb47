import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../accounts/core/User.ts';

/** A user's plan; one row per user, kept in step with Stripe (or the sandbox checkout). */
export const Subscription = defineEntity({
  name: 'Subscription',
  tableName: 'subscriptions',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    user: () => p.oneToOne(User).owner().unique().deleteRule('cascade'),
    stripeCustomerId: p.string().length(255).nullable().unique(),
    stripeSubscriptionId: p.string().length(255).nullable().unique(),
    planType: p.enum(['free', 'monthly', 'yearly', 'max', 'yearlyMax'] as const).default('free'),
    status: p.string().length(32).default('active'),
    currentPeriodStart: p.datetime().nullable(),
    currentPeriodEnd: p.datetime().nullable(),
    /** The subscription ends (back to Free) when the current period does. */
    cancelAtPeriodEnd: p.boolean().default(false),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Subscription = InferEntity<typeof Subscription>;
