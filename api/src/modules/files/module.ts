import { type ChorusModule, defineModule } from '../../http/module.ts';
import { StoredFile } from './core/File.ts';
import { FileFolder } from './core/FileFolder.ts';
import { filesResolvers } from './graphql.ts';
import { fileRoutes } from './rest.ts';
import { fileFolderRoutes } from './restFolders.ts';
import { filesSettings } from './settings.ts';
import { sweepOrphanedObjectsTask } from './tasks/sweepOrphanedObjects.ts';

// Typed as the list, not inferred: the entities' own types would make modules/index.ts's list too
// long for the compiler to write out (TS7056), as knowledge/module.ts found.
const entities: ChorusModule['entities'] = [StoredFile, FileFolder];

/** My Files: uploads, their folders, their downloads, and the sweep of stored objects no row names. */
export const filesModule = defineModule({
  name: 'files',
  uses: ['accounts', 'knowledge'],
  entities,
  settings: filesSettings,
  graphql: {
    sdl: ['files.graphql', 'fileFolders.graphql'],
    resolvers: [filesResolvers],
    mappers: {
      StoredFile: './core/File.ts#StoredFile as StoredFileEntity',
      FileFolder: './core/folders.ts#FileFolderView',
    },
  },
  rest: { routes: [fileRoutes, fileFolderRoutes] },
  worker: {
    tasks: { sweep_orphaned_objects: sweepOrphanedObjectsTask },
    cron: ['30 * * * * sweep_orphaned_objects'],
  },
});
