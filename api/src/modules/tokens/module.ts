import { defineModule } from '../../http/module.ts';
import { tokenResolvers } from './graphql.ts';
import { bearerAuth } from './http/bearer.ts';
import { tokenRoutes } from './rest.ts';
import { tokensSettings } from './settings.ts';

/** Personal API tokens: made in a session, they sign scripts in on /api and /graphql (README.md). */
export const tokensModule = defineModule({
  name: 'tokens',
  // Banned or suspended owners' tokens are refused as their sign-in is (accounts/core/restriction.ts).
  uses: ['accounts'],
  settings: tokensSettings,
  graphql: {
    sdl: ['tokens.graphql'],
    resolvers: [tokenResolvers],
    mappers: { ApiToken: './core/tokens.ts#ApiTokenView' },
  },
  rest: { routes: [tokenRoutes] },
  afterSession: bearerAuth,
});
