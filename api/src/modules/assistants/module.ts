import { defineModule } from '../../http/module.ts';
import { assistantResolvers } from './graphql.ts';
import { assistantRoutes } from './rest.ts';

/** Custom assistants: one's own, friends' shared, the public directory (core/assistants.ts). */
export const assistantsModule = defineModule({
  name: 'assistants',
  uses: ['accounts', 'chat'],
  graphql: {
    sdl: ['assistants.graphql'],
    resolvers: [assistantResolvers],
    mappers: { CustomAssistant: './core/assistants.ts#AssistantView' },
  },
  rest: { routes: [assistantRoutes] },
});
