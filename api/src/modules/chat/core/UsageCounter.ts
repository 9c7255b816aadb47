import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../accounts/core/User.ts';

/** How much of a metered feature a user has used in a month; incremented atomically against the limit. */
export const UsageCounter = defineEntity({
  name: 'UsageCounter',
  tableName: 'usage_counters',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    feature: p.string().length(32).primary(),
    periodStart: p.date().primary(),
    used: p.integer().default(0),
  },
});
export type UsageCounter = InferEntity<typeof UsageCounter>;
