import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { listDeliveries, sendTestDelivery } from './core/deliveries.ts';
import { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints } from './core/endpoints.ts';

/** The webhooks page's reads and changes: the same services as the REST shims (rest.ts). */
export const webhookResolvers: Resolvers = {
  Query: {
    webhookEndpoints: (_p, _a, ctx) => listEndpoints(ctx.em, requireUserId(ctx)),
    webhookEndpoint: (_p, { id }, ctx) => getEndpoint(ctx.em, requireUserId(ctx), id),
  },
  Mutation: {
    createWebhookEndpoint: (_p, { input }, ctx) =>
      createEndpoint(ctx.em, ctx.services.webhooks, requireUserId(ctx), input),
    deleteWebhookEndpoint: async (_p, { id }, ctx) => {
      await deleteEndpoint(ctx.em, requireUserId(ctx), id);
      return true;
    },
    sendWebhookTest: (_p, { id }, ctx) => sendTestDelivery(ctx.em, requireUserId(ctx), id),
  },
  WebhookEndpoint: {
    deliveries: (endpoint, { first, after }, ctx) =>
      listDeliveries(ctx.em, requireUserId(ctx), endpoint.id, {
        limit: first ?? undefined,
        cursor: after ?? undefined,
      }),
  },
};
