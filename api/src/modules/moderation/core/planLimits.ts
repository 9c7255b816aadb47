import { PLAN_TYPES, type PlanType } from '@chorus/shared/plans';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { parseInput, zodText } from '../../../platform/validation.ts';
import { recordAudit } from './audit.ts';
import { reasonInput } from './console.ts';
import type { StaffMember } from './roles.ts';

/**
 * The plans' monthly allowances, rows of `plan_limits` (chat/core/PlanLimit.ts). Nothing caches
 * them: every check (chat/core/usage.ts countingCtes and limitOf, which compare and video use too)
 * reads the table in the statement that counts the use, so a change here applies to the next
 * prompt, image or video in every api and worker process, with no restart.
 */
export const meteredFeatures = ['prompts', 'image_analysis', 'image_generation', 'videos'] as const;
export type MeteredFeatureName = (typeof meteredFeatures)[number];

export interface PlanAllowance {
  planType: string;
  feature: string;
  monthlyLimit: number | null;
}

/** Every plan's allowance of every feature, in the catalogue's plan order; a missing pair reads 0 (not included, as the checks take it). */
export async function listPlanLimits(em: EntityManager): Promise<PlanAllowance[]> {
  const rows = await em.execute<{ plan_type: string; feature: string; monthly_limit: number | null }[]>(
    'select plan_type, feature, monthly_limit from plan_limits',
  );
  return PLAN_TYPES.flatMap((planType) =>
    meteredFeatures.map((feature) => {
      const row = rows.find((r) => r.plan_type === planType && r.feature === feature);
      return { planType, feature, monthlyLimit: row ? row.monthly_limit : 0 };
    }),
  );
}

const LIMIT_MESSAGE = msg(
  'The monthly limit must be a whole number from 0 to 1,000,000, or empty for unlimited',
);

export const setPlanLimitInput = z.object({
  planType: z.enum(PLAN_TYPES as [PlanType, ...PlanType[]], {
    error: zodText(msg('Plan must be one of {choices}'), { choices: PLAN_TYPES.join(', ') }),
  }),
  feature: z.enum(meteredFeatures, {
    error: zodText(msg('Feature must be one of {choices}'), { choices: meteredFeatures.join(', ') }),
  }),
  monthlyLimit: z
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(0, LIMIT_MESSAGE)
    .max(1_000_000, LIMIT_MESSAGE)
    .nullable(),
  reason: reasonInput,
});

/** Sets one allowance (null: unlimited) and records the change, in one transaction. */
export async function setPlanLimit(
  em: EntityManager,
  actor: StaffMember,
  input: unknown,
): Promise<PlanAllowance> {
  const { planType, feature, monthlyLimit, reason } = parseInput(setPlanLimitInput, input);
  return em.transactional(async (tx) => {
    const [before] = await tx.execute<{ monthly_limit: number | null }[]>(
      'select monthly_limit from plan_limits where plan_type = ? and feature = ? for update',
      [planType, feature],
    );
    await tx.execute(
      `insert into plan_limits (plan_type, feature, monthly_limit) values (?, ?, ?)
       on conflict (plan_type, feature) do update set monthly_limit = excluded.monthly_limit`,
      [planType, feature, monthlyLimit],
    );
    recordAudit(tx, {
      actor,
      action: 'plan.limit.set',
      targetType: 'plan',
      targetId: `${planType}/${feature}`,
      reason: reason ?? null,
      details: { planType, feature, from: before ? before.monthly_limit : 0, to: monthlyLimit },
    });
    await tx.flush();
    return { planType, feature, monthlyLimit };
  });
}
