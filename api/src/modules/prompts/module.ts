import { defineModule } from '../../http/module.ts';
import { promptResolvers } from './graphql.ts';
import { promptRoutes } from './rest.ts';

/** Saved prompts with `{{variables}}`: one's own, and friends' shared ones (core/prompts.ts). */
export const promptsModule = defineModule({
  name: 'prompts',
  uses: ['accounts'],
  graphql: {
    sdl: ['prompts.graphql'],
    resolvers: [promptResolvers],
    mappers: { SavedPrompt: './core/prompts.ts#PromptView' },
  },
  rest: { routes: [promptRoutes] },
});
