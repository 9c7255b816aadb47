import type { PlanType } from '@chorus/shared/plans';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type AppError, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { CURRENT_PLAN_SQL, currentPlan } from '../../billing/core/currentPlan.ts';
import type { MeteredFeature } from './PlanLimit.ts';

/** What a refusal says, per feature (`{n}`: the plan's monthly limit), in the asker's language. */
const upgradeMessages: Record<MeteredFeature, string> = {
  prompts: msg(
    "You've used all {n} prompts of your plan this month. Upgrade to Premium for unlimited prompts.",
  ),
  image_analysis: msg('Image analysis is part of Premium. Upgrade to attach images to your messages.'),
  image_generation: msg('Image generation is part of Premium. Upgrade to create images with @image.'),
  videos: msg("You've used all {n} videos of your plan this month. Upgrade for more."),
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
 * Counting uses of metered features as part of a larger statement (WITH queries): the plan, each
 * feature's limit and the counts in one round trip, so concurrent requests can never go past a
 * limit. Each feature after the first is counted only if the ones before it were; the statement
 * that uses these runs its other writes only `where ${allowed}`. Read the outcome with
 * `allowanceOfRow`. With several features, run the statement in a transaction and roll it back
 * when one is refused: the ones before it were counted.
 */
export function countingCtes(
  userId: string,
  features: MeteredFeature[],
  /** Uses of each feature counted at once (a compare of 3 answers is 3 prompts): all, or none. */
  uses = 1,
): { ctes: string; params: unknown[]; allowed: string; columns: string } {
  // Written into the statement (a whole number, checked here), not passed as a parameter.
  if (!Number.isInteger(uses) || uses < 1) throw new Error(`uses must be a whole number from 1: ${uses}`);
  const params: unknown[] = [userId];
  const ctes = [`plan as (select coalesce((${CURRENT_PLAN_SQL} limit 1), 'free') as plan_type)`];
  const columns: string[] = ['(select plan_type from plan) as plan_type'];
  features.forEach((feature, i) => {
    const after = i > 0 ? ` and (select used from counted${i - 1}) is not null` : '';
    ctes.push(
      `lim${i} as (
         select l.monthly_limit, l.plan_type is not null as listed
           from plan left join plan_limits l on l.plan_type = plan.plan_type and l.feature = ?
       )`,
      `counted${i} as (
         insert into usage_counters (user_id, feature, period_start, used)
         select ?, ?, ${THIS_MONTH}, ${uses} from lim${i}
          where lim${i}.listed and (lim${i}.monthly_limit is null or lim${i}.monthly_limit >= ${uses})${after}
         on conflict (user_id, feature, period_start)
         do update set used = usage_counters.used + ${uses}
          where (select monthly_limit from lim${i}) is null or usage_counters.used + ${uses} <= (select monthly_limit from lim${i})
         returning used
       )`,
    );
    params.push(feature, userId, feature);
    columns.push(
      `(select monthly_limit from lim${i}) as limit${i}`,
      `(select listed from lim${i}) as listed${i}`,
      `(select used from counted${i}) as used${i}`,
    );
  });
  return {
    ctes: ctes.join(',\n'),
    params,
    allowed: features.map((_, i) => `(select used from counted${i}) is not null`).join(' and ') || 'true',
    columns: columns.join(', '),
  };
}

/** A row with `countingCtes`' columns: the allowance of feature `i`, or PAYMENT_REQUIRED if refused. */
export function allowanceOfRow(row: Record<string, unknown>, feature: MeteredFeature, i: number): Allowance {
  const plan = row.plan_type as PlanType;
  // A plan/feature pair missing from the table is not included, never unlimited by accident.
  const limit = row[`listed${i}`] ? (row[`limit${i}`] as number | null) : 0;
  const used = row[`used${i}`] as number | null;
  if (used === null) throw overLimit(feature, limit ?? 0, plan);
  return allowanceOf(plan, limit, used);
}

/**
 * Counts a use (or `uses` at once) of a metered feature against the user's plan, atomically (see countingCtes).
 * Throws PAYMENT_REQUIRED (with an upgrade link) when the allowance is used up. Pass the request's
 * EntityManager inside a transaction to undo the count if the rest of the work fails.
 */
export async function consume(
  em: EntityManager,
  userId: string,
  feature: MeteredFeature,
  uses = 1,
): Promise<Allowance> {
  const counting = countingCtes(userId, [feature], uses);
  const [row] = await em.execute<Record<string, unknown>[]>(
    `with ${counting.ctes} select ${counting.columns}`,
    counting.params,
  );
  return allowanceOfRow(row!, feature, 0);
}

/**
 * Gives back one use to each user a statement's WITH query `source` returns (a `user_id` column),
 * as that statement's main query: the ending and the refund become visible together, and only
 * an ending that happened (a row in `source`) is refunded. Its one parameter is `feature`.
 */
export const refundFor = (source: string) =>
  `update usage_counters u set used = greatest(u.used - 1, 0)
     from ${source} s
    where u.user_id = s.user_id and u.feature = ? and u.period_start = ${THIS_MONTH}`;

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

/** The user's plan and its monthly limit of the feature (null: unlimited); modules/usage reads it too. */
export async function planLimit(em: EntityManager, userId: string, feature: MeteredFeature) {
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
  return textError(
    'PAYMENT_REQUIRED',
    upgradeMessages[feature],
    { n: limit },
    {
      feature,
      limit,
      plan,
      upgradeUrl: '/plans',
    },
  );
}
