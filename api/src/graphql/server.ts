import type { Server } from 'node:http';
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import type { RequestHandler } from 'express';
import { noNulInStringLiterals } from '../http/inputGuard.ts';
import { requestUserId } from '../http/principal.ts';
import { armor, boundedStringify, costPlugin, parseOptions } from './armor.ts';
import { type GraphQLContext, type GraphQLDeps, RequestContext } from './context.ts';
import { formatError, translateErrorsPlugin } from './errors.ts';
import { buildSchema } from './schema.ts';
import { tokenScopePlugin } from './tokenScopes.ts';
import { createGraphQLWs } from './ws.ts';

export type { GraphQLDeps } from './context.ts';

/**
 * Apollo Server for queries and mutations over HTTP, and graphql-ws for subscriptions on the same
 * /graphql path. Both build their context the same way from the session cookie.
 */
export async function createGraphQL(httpServer: Server, deps: GraphQLDeps) {
  const schema = buildSchema(deps.modules);
  const wsCleanup = createGraphQLWs(httpServer, schema, deps);

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError,
    csrfPrevention: true,
    // main.ts owns shutdown (drain, stop answers, close pools); Apollo's own signal handler would
    // stop the server a second time and hold the process until the force-exit timer.
    stopOnTerminationSignals: false,
    // Follows the explorer switch (GRAPHIQL): the explorer reads the schema through introspection.
    introspection: deps.services.config.graphiql,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    parseOptions,
    validationRules: [...armor.validationRules, noNulInStringLiterals],
    stringifyResult: boundedStringify(deps.services.config.GRAPHQL_MAX_RESPONSE_BYTES),
    plugins: [
      ...armor.plugins,
      costPlugin,
      tokenScopePlugin,
      translateErrorsPlugin,
      // Finish in-flight requests on shutdown, but never hold it up for long.
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: 3000 }),
      // Apollo's default landing page loads from a CDN; we serve our own explorer at /graphiql.
      ApolloServerPluginLandingPageDisabled(),
      // We set no cache hints (everything is per-user and no-store), so skip the per-field work.
      ApolloServerPluginCacheControlDisabled(),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await wsCleanup.dispose();
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  const middleware: RequestHandler = expressMiddleware(apollo, {
    context: async ({ req, res }): Promise<GraphQLContext> =>
      new RequestContext(deps.services, requestUserId(req), req.ip ?? 'unknown', req, res),
  });
  return { middleware, stop: () => apollo.stop() };
}
