import type { PlanType } from '@chorus/shared/plans';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The plan rows of a user's live subscriptions (a paid plan only while its subscription is live and
 * not past its period), with the user's id as its one parameter: also a subquery of the prompt
 * counter's single statement (chat usage.ts).
 */
export const CURRENT_PLAN_SQL = `select plan_type from subscriptions
        where user_id = ? and status in ('active', 'trialing', 'past_due')
          and (current_period_end is null or current_period_end > now())`;

/** The plan a user is on now. */
export async function currentPlan(em: EntityManager, userId: string): Promise<PlanType> {
  const rows = await em.execute<{ plan_type: PlanType }[]>(CURRENT_PLAN_SQL, [userId]);
  return rows[0]?.plan_type ?? 'free';
}
