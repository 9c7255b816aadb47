import type { Resolvers } from '../../graphql/__generated__/resolvers.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { requireUserId } from '../../graphql/guards.ts';
import { AppError } from '../../platform/errors.ts';
import { tokenManagementRefusal } from './core/scopes.ts';
import { createToken, listTokens, revokeToken } from './core/tokens.ts';

/** A session's user only: a token can't manage tokens (graphql/tokenScopes.ts refuses it first). */
function sessionUser(ctx: GraphQLContext): string {
  const userId = requireUserId(ctx);
  if (ctx.req?.apiToken) throw new AppError('FORBIDDEN', tokenManagementRefusal, { reason: 'token-scope' });
  return userId;
}

/** apiTokens, createApiToken, revokeApiToken: the same services as /api/tokens. */
export const tokenResolvers: Resolvers = {
  Query: {
    apiTokens: (_p, _a, ctx) => listTokens(ctx.em, sessionUser(ctx)),
  },
  Mutation: {
    createApiToken: (_p, { input }, ctx) => createToken(ctx.em, sessionUser(ctx), input),
    revokeApiToken: (_p, { id }, ctx) => revokeToken(ctx.em, sessionUser(ctx), id),
  },
};
