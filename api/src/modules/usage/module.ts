import { defineModule } from '../../http/module.ts';
import { usageResolvers } from './graphql.ts';
import { usageRoutes } from './rest.ts';
import { usageSettings } from './settings.ts';

/** A person's usage a month: prompts of the plan, tokens, videos, storage, a cost estimate (README.md). */
export const usageModule = defineModule({
  name: 'usage',
  // Reads the chat's messages, catalogue and plan counters (chat core), and the video_jobs and files tables by SQL: read-only.
  uses: ['chat'],
  settings: usageSettings,
  graphql: { sdl: ['usage.graphql'], resolvers: [usageResolvers] },
  rest: { routes: [usageRoutes] },
});
