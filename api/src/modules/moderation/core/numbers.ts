import { LIVE_STATUSES, PLANS, type PlanType } from '@chorus/shared/plans';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';

/**
 * The console's read-outs of how the service runs, computed from the rows the product already
 * writes (no separate metrics store): answers in `messages` (status, error, ttft_ms, total_ms per
 * assistant model), renders in `video_jobs` (status, error, provider, created/updated), sign-ups in
 * `users`, payments in `payment_history`, plans in `subscriptions` priced from @chorus/shared/plans.
 */
export interface ProviderHealth {
  kind: 'assistant' | 'video';
  name: string;
  requests: number;
  errors: number;
  avgFirstMs: number | null;
  avgTotalMs: number | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

interface HealthRow {
  name: string;
  requests: number;
  errors: number;
  avg_first_ms: number | null;
  avg_total_ms: number | null;
  last_error: string | null;
  last_error_at: Date | null;
}

/**
 * The last 24 hours per assistant (answers by model: errors, mean time to first token and to the
 * whole answer) and per video service (renders by provider: failures, mean and slowest finished
 * render, from created_at to the last update of a completed job).
 */
export async function providerHealth(em: EntityManager): Promise<ProviderHealth[]> {
  const assistants = await em.execute<HealthRow[]>(
    `select coalesce(model, 'unknown') as name, count(*)::int as requests,
        count(*) filter (where status = 'error')::int as errors,
        round(avg(ttft_ms) filter (where status <> 'error'))::int as avg_first_ms,
        round(avg(total_ms) filter (where status <> 'error'))::int as avg_total_ms,
        (array_agg(error order by created_at desc) filter (where status = 'error'))[1] as last_error,
        max(created_at) filter (where status = 'error') as last_error_at
       from messages
      where role = 'assistant' and created_at > now() - interval '24 hours'
      group by 1 order by 1`,
  );
  const videos = await em.execute<HealthRow[]>(
    `select coalesce(provider, 'unknown') as name, count(*)::int as requests,
        count(*) filter (where status = 'failed')::int as errors,
        round(avg(extract(epoch from updated_at - created_at) * 1000) filter (where status = 'completed'))::int as avg_first_ms,
        round(max(extract(epoch from updated_at - created_at) * 1000) filter (where status = 'completed'))::int as avg_total_ms,
        (array_agg(error order by updated_at desc) filter (where status = 'failed'))[1] as last_error,
        max(updated_at) filter (where status = 'failed') as last_error_at
       from video_jobs
      where created_at > now() - interval '24 hours'
      group by 1 order by 1`,
  );
  const of =
    (kind: ProviderHealth['kind']) =>
    (r: HealthRow): ProviderHealth => ({
      kind,
      name: r.name,
      requests: r.requests,
      errors: r.errors,
      avgFirstMs: r.avg_first_ms,
      avgTotalMs: r.avg_total_ms,
      lastError: r.last_error,
      lastErrorAt: r.last_error_at,
    });
  return [...assistants.map(of('assistant')), ...videos.map(of('video'))];
}

export interface DayNumbers {
  day: string;
  signups: number;
  prompts: number;
  videos: number;
  revenueCents: number;
}

export interface NumbersReport {
  days: DayNumbers[];
  totals: DayNumbers;
  recurringMonthlyCents: number;
  payingUsers: number;
  note: string;
}

const DAYS_MESSAGE = msg('days must be a whole number from 1 to 90');
const numbersInput = z.object({
  days: z
    .number({ error: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(90, DAYS_MESSAGE)
    .default(30),
});

export const NUMBERS_NOTE = msg(
  'Days are UTC. Prompts are the messages users sent (in chats that still exist); videos are the videos asked for. Revenue is the payments received that day (payment_history rows marked paid, as Stripe or the sandbox checkout reported them). Recurring is every live paid subscription now priced from the plan catalogue, a yearly plan counted as a twelfth a month.',
);

/** Sign-ups, prompts, videos and revenue per day (UTC) for the last `days` days, today included. */
export async function numbers(em: EntityManager, input: unknown): Promise<NumbersReport> {
  const { days } = parseInput(numbersInput, input ?? {});
  const rows = await em.execute<DayNumbers[]>(
    `with days as (
        select d::date as day from generate_series(
          (now() at time zone 'utc')::date - (?::int - 1), (now() at time zone 'utc')::date, interval '1 day') d
      ),
      since as (select min(day)::timestamp at time zone 'utc' as at from days)
      select to_char(days.day, 'YYYY-MM-DD') as day,
        coalesce(s.n, 0)::int as signups, coalesce(p.n, 0)::int as prompts,
        coalesce(v.n, 0)::int as videos, coalesce(r.cents, 0)::int as "revenueCents"
      from days
      left join (select (created_at at time zone 'utc')::date as day, count(*) as n from users
                  where created_at >= (select at from since) group by 1) s on s.day = days.day
      left join (select (created_at at time zone 'utc')::date as day, count(*) as n from messages
                  where role = 'user' and created_at >= (select at from since) group by 1) p on p.day = days.day
      left join (select (created_at at time zone 'utc')::date as day, count(*) as n from video_jobs
                  where created_at >= (select at from since) group by 1) v on v.day = days.day
      left join (select (payment_date at time zone 'utc')::date as day, round(sum(amount) * 100) as cents
                   from payment_history where status = 'paid' and payment_date >= (select at from since)
                  group by 1) r on r.day = days.day
      order by days.day desc`,
    [days],
  );
  const subscriptions = await em.execute<{ plan_type: PlanType; n: number }[]>(
    `select plan_type, count(*)::int as n from subscriptions
      where plan_type <> 'free' and status in (${LIVE_STATUSES.map((s) => `'${s}'`).join(', ')})
        and (current_period_end is null or current_period_end > now())
      group by plan_type`,
  );
  const sum = (key: keyof Omit<DayNumbers, 'day'>) => rows.reduce((total, r) => total + r[key], 0);
  return {
    days: rows,
    totals: {
      day: `${days} days`,
      signups: sum('signups'),
      prompts: sum('prompts'),
      videos: sum('videos'),
      revenueCents: sum('revenueCents'),
    },
    recurringMonthlyCents: Math.round(
      subscriptions.reduce((total, s) => total + monthlyCents(s.plan_type) * s.n, 0),
    ),
    payingUsers: subscriptions.reduce((total, s) => total + s.n, 0),
    note: NUMBERS_NOTE,
  };
}

/** What a plan brings in a month: its price, a yearly one's divided by 12. */
export function monthlyCents(plan: PlanType): number {
  const info = PLANS[plan];
  if (!info) return 0;
  return info.period === 'year' ? info.amountCents / 12 : info.amountCents;
}
