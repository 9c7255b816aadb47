import type { EntityManager } from '@mikro-orm/postgresql';

export type PlanType = 'free' | 'monthly' | 'yearly' | 'max' | 'yearlyMax';

/** The plan a user is on now: a paid plan only while its subscription is active and not past its period. */
export async function currentPlan(em: EntityManager, userId: string): Promise<PlanType> {
  const rows = await em.execute<{ plan_type: PlanType }[]>(
    `select plan_type from subscriptions
        where user_id = ? and status in ('active', 'trialing')
          and (current_period_end is null or current_period_end > now())`,
    [userId],
  );
  return rows[0]?.plan_type ?? 'free';
}

export const isPaid = (plan: PlanType) => plan !== 'free';
