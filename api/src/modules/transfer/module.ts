import { defineModule } from '../../http/module.ts';
import { transferResolvers } from './graphql.ts';
import { transferRoutes } from './rest.ts';
import { transferSettings } from './settings.ts';
import { importChatsTask } from './tasks/importChats.ts';

/** Chats in and out: exports in several formats, imports read by the worker. */
export const transferModule = defineModule({
  name: 'transfer',
  uses: ['accounts', 'chat', 'compare', 'files', 'jobs', 'knowledge'],
  settings: transferSettings,
  graphql: {
    sdl: ['transfer.graphql'],
    resolvers: [transferResolvers],
    mappers: { ChatImport: './core/imports.ts#ImportView' },
  },
  rest: { routes: [transferRoutes] },
  worker: { tasks: { import_chats: importChatsTask } },
});
