import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * How much of each metered feature a plan allows per calendar month (null = unlimited, 0 = not
 * included). One table for chat prompts, image analysis, image generation and videos, seeded with
 * the spec's values by migration, so an operator can change a limit without a deploy.
 */
export const PlanLimit = defineEntity({
  name: 'PlanLimit',
  tableName: 'plan_limits',
  properties: {
    planType: p.string().length(16).primary(),
    feature: p.enum(['prompts', 'image_analysis', 'image_generation', 'videos'] as const).primary(),
    monthlyLimit: p.integer().nullable(),
  },
});
export type PlanLimit = InferEntity<typeof PlanLimit>;
export type MeteredFeature = PlanLimit['feature'];
