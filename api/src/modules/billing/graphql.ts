import { PLAN_TYPES, PLANS, type PlanType } from '@chorus/shared/plans';
import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';

/** Thin: every operation is one call on the billing service, shared with the REST shims. */
export const billingResolvers: Resolvers = {
  Query: {
    plans: async (_p, _a, ctx) => {
      const rows = await ctx.em.execute<
        { plan_type: PlanType; feature: string; monthly_limit: number | null }[]
      >('select plan_type, feature, monthly_limit from plan_limits order by feature');
      return PLAN_TYPES.map((type) => ({
        ...PLANS[type],
        limits: rows
          .filter((r) => r.plan_type === type)
          .map((r) => ({ feature: r.feature, limit: r.monthly_limit })),
      }));
    },
    stripeConfig: (_p, _a, ctx) => ctx.services.billing.config(),
    mySubscription: (_p, _a, ctx) => ctx.services.billing.subscriptionOf(ctx.em, requireUserId(ctx)),
  },
  Mutation: {
    createCheckoutSession: (_p, args, ctx) =>
      ctx.services.billing.createCheckout(ctx.em, requireUserId(ctx), {
        planType: args.planType,
        from: args.from ?? undefined,
      }),
    processCheckoutSession: async (_p, { sessionId }, ctx) => {
      const result = await ctx.services.billing.processReturn(ctx.em, requireUserId(ctx), sessionId);
      // Its message in the request's language, as REST answers it (rest/adapter.ts).
      return {
        ...result,
        message: translate(requestLanguage(ctx.req?.headers['accept-language']), result.message),
      };
    },
    createPortalSession: (_p, _a, ctx) => ctx.services.billing.createPortal(ctx.em, requireUserId(ctx)),
  },
};
