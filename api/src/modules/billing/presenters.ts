import type { SubscriptionView } from './core/service.ts';

/** The spec's subscription shape, as the REST shims answer it. */
export const presentSubscription = (s: SubscriptionView) => ({
  planType: s.planType,
  status: s.status,
  currentPeriodStart: s.currentPeriodStart,
  currentPeriodEnd: s.currentPeriodEnd,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  hasBillingAccount: s.hasBillingAccount,
});
