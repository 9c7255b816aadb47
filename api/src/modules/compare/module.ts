import { defineModule } from '../../http/module.ts';
import { CompareTeam } from './core/CompareTeam.ts';
import { CompareTurn } from './core/CompareTurn.ts';
import { compareResolvers } from './graphql.ts';
import { compareRoutes } from './rest.ts';

/**
 * Compare: one prompt to several assistants side by side, then pick, merge or vote. Its answers are
 * chat answers (versions of one turn, written by chat's engine); this module adds what makes them
 * a compare: the turn, the votes and leaderboard, saved teams, merging.
 */
export const compareModule = defineModule({
  name: 'compare',
  uses: ['accounts', 'billing', 'chat'],
  entities: [CompareTurn, CompareTeam],
  graphql: {
    sdl: ['compare.graphql'],
    resolvers: [compareResolvers],
    mappers: {
      CompareTurn: './core/CompareTurn.ts#CompareTurn as CompareTurnEntity',
      CompareTeam: './core/CompareTeam.ts#CompareTeam as CompareTeamEntity',
    },
  },
  rest: { routes: [compareRoutes] },
});
