import { defineModule } from '../../http/module.ts';
import { StoredFile } from './core/File.ts';
import { filesResolvers } from './graphql.ts';
import { fileRoutes } from './rest.ts';
import { filesSettings } from './settings.ts';
import { sweepOrphanedObjectsTask } from './tasks/sweepOrphanedObjects.ts';

/** My Files: uploads, their downloads, and the sweep of stored objects no row names. */
export const filesModule = defineModule({
  name: 'files',
  uses: ['accounts', 'knowledge'],
  entities: [StoredFile],
  settings: filesSettings,
  graphql: {
    sdl: ['files.graphql'],
    resolvers: [filesResolvers],
    mappers: { StoredFile: './core/File.ts#StoredFile as StoredFileEntity' },
  },
  rest: { routes: [fileRoutes] },
  worker: {
    tasks: { sweep_orphaned_objects: sweepOrphanedObjectsTask },
    cron: ['30 * * * * sweep_orphaned_objects'],
  },
});
