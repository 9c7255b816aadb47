import type { PlanType } from '@chorus/shared/plans';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The plan a user is on now: a paid plan only while its subscription is live and not past its period. */
export async function currentPlan(em: EntityManager, userId: string): Promise<PlanType> {
  const rows = await em.execute<{ plan_type: PlanType }[]>(
    `select plan_type from subscriptions
        where user_id = ? and status in ('active', 'trialing', 'past_due')
          and (current_period_end is null or current_period_end > now())`,
    [userId],
  );
  return rows[0]?.plan_type ?? 'free';
}
