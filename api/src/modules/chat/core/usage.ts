import type { PlanType } from '@chorus/shared/plans';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../platform/errors.ts';
import { CURRENT_PLAN_SQL, currentPlan } from '../../billing/core/currentPlan.ts';
import type { MeteredFeature } from './PlanLimit.ts';

const upgradeMessages: Record<MeteredFeature, (limit: number) => string> = {
  prompts: (n) =>
    `You've used all ${n} prompts of your plan this month. Upgrade to Premium for unlimited prompts.`,
  image_analysis: () => 'Image analysis is part of Premium. Upgrade to attach images to your messages.',
  image_generation: () => 'Image generation is part of Premium. Upgrade to create images with @image.',
  videos: (n) => `You've used all ${n} videos of your plan this month. Upgrade for more.`,
};

/** The counting period: the calendar month, in the database's time zone. */
const THIS_MONTH = `date_trunc('month', now())::date`;

export interface Allowance {
  plan: PlanType;
  limit: number | null;
  used: number;
  remaining: number | null;
}

/**
 * Counts one use of a metered feature against the user's plan, atomically: the increment and the
 * limit check are one statement, so concurrent requests can never go past the limit. Throws
 * PAYMENT_REQUIRED (with an upgrade link) when the allowance is used up. Pass the request's
 * EntityManager inside a transaction to undo the count if the rest of the work fails.
 *
 * The plan, its limit and the count are one round trip: this runs before every prompt reaches its
 * provider, and on a busy machine each round trip to the database costs a scheduling wait.
 */
export async function consume(
  em: EntityManager,
  userId: string,
  feature: MeteredFeature,
  options: {
    /**
     * Also lets the surrounding transaction commit without waiting for the disk (`synchronous_commit`
     * off for it alone), in this same statement: the send path's round trips are counted.
     */
    noDiskWait?: boolean;
  } = {},
): Promise<Allowance> {
  const noDiskWait = options.noDiskWait
    ? `, no_disk_wait as (select set_config('synchronous_commit', 'off', true))`
    : '';
  const [row] = await em.execute<
    { plan_type: PlanType; monthly_limit: number | null; listed: boolean; used: number | null }[]
  >(
    `with plan as (
       select coalesce((${CURRENT_PLAN_SQL} limit 1), 'free') as plan_type
     ), lim as (
       select plan.plan_type, l.monthly_limit, l.plan_type is not null as listed
         from plan left join plan_limits l on l.plan_type = plan.plan_type and l.feature = ?
     ), counted as (
       insert into usage_counters (user_id, feature, period_start, used)
       select ?, ?, ${THIS_MONTH}, 1 from lim
        where lim.listed and (lim.monthly_limit is null or lim.monthly_limit > 0)
       on conflict (user_id, feature, period_start)
       do update set used = usage_counters.used + 1
        where (select monthly_limit from lim) is null or usage_counters.used < (select monthly_limit from lim)
       returning used
     )
     ${noDiskWait}
     select lim.plan_type, lim.monthly_limit, lim.listed, (select used from counted) as used
       from lim${options.noDiskWait ? ', no_disk_wait' : ''}`,
    [userId, feature, userId, feature],
  );
  const plan = row!.plan_type;
  // A plan/feature pair missing from the table is not included, never unlimited by accident.
  const limit = row!.listed ? row!.monthly_limit : 0;
  if (row!.used === null) throw overLimit(feature, limit ?? 0, plan);
  return allowanceOf(plan, limit, row!.used);
}

/** Gives back one use (the work it paid for did not happen). */
export async function refund(em: EntityManager, userId: string, feature: MeteredFeature): Promise<void> {
  await em.execute(
    `update usage_counters set used = greatest(used - 1, 0)
      where user_id = ? and feature = ? and period_start = ${THIS_MONTH}`,
    [userId, feature],
  );
}

export async function allowance(
  em: EntityManager,
  userId: string,
  feature: MeteredFeature,
): Promise<Allowance> {
  const { plan, limit } = await planLimit(em, userId, feature);
  const rows = await em.execute<{ used: number }[]>(
    `select used from usage_counters where user_id = ? and feature = ? and period_start = ${THIS_MONTH}`,
    [userId, feature],
  );
  return allowanceOf(plan, limit, rows[0]?.used ?? 0);
}

/** The user's plan and its monthly limit of the feature (null: unlimited). */
async function planLimit(em: EntityManager, userId: string, feature: MeteredFeature) {
  const plan = await currentPlan(em, userId);
  return { plan, limit: await limitOf(em, plan, feature) };
}

const allowanceOf = (plan: PlanType, limit: number | null, used: number): Allowance => ({
  plan,
  limit,
  used,
  remaining: limit === null ? null : Math.max(0, limit - used),
});

async function limitOf(em: EntityManager, plan: PlanType, feature: MeteredFeature): Promise<number | null> {
  const rows = await em.execute<{ monthly_limit: number | null }[]>(
    'select monthly_limit from plan_limits where plan_type = ? and feature = ?',
    [plan, feature],
  );
  // A plan/feature pair missing from the table is not included, never unlimited by accident.
  return rows.length === 0 ? 0 : rows[0]!.monthly_limit;
}

function overLimit(feature: MeteredFeature, limit: number, plan: PlanType): AppError {
  return new AppError('PAYMENT_REQUIRED', upgradeMessages[feature](limit), {
    feature,
    limit,
    plan,
    upgradeUrl: '/plans',
  });
}
