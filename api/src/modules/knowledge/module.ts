import { z } from 'zod';
import { type ChorusModule, defineModule } from '../../http/module.ts';
import { type Embedder, embedderFrom } from './core/embeddings.ts';
import { KnowledgeFile } from './core/KnowledgeFile.ts';
import { Passage } from './core/Passage.ts';
import { knowledgeResolvers } from './graphql.ts';
import { knowledgeRoutes } from './rest.ts';
import { knowledgeSettings } from './settings.ts';
import { indexFileTask } from './tasks/indexFile.ts';
import { indexWaitingFilesTask } from './tasks/indexWaitingFiles.ts';

declare module '../../platform/module.ts' {
  interface WorkerContext {
    /** Embeds passages as they are read (EMBEDDINGS_*); null: full-text ranking only. */
    knowledgeEmbedder: Embedder | null;
  }
}

/**
 * Typed as the list the ORM reads, not as these two schemas: the modules list's inferred type
 * (modules/index.ts) has a size the compiler will still write out.
 */
const entities: ChorusModule['entities'] = [KnowledgeFile, Passage];

/**
 * Files as knowledge: My Files read into passages by the worker, ranked for a question (full-text
 * and, with an embeddings endpoint, by meaning), and the best of them handed to the assistant with
 * numbered sources (chat's send asks core/retrieve.ts). Files and chat use it; it uses neither
 * (files are read by SQL), so both can.
 */
export const knowledgeModule = defineModule({
  name: 'knowledge',
  uses: ['accounts', 'jobs'],
  entities,
  settings: knowledgeSettings,
  graphql: {
    sdl: ['knowledge.graphql'],
    resolvers: [knowledgeResolvers],
    mappers: { FileKnowledge: './core/status.ts#FileKnowledge as FileKnowledgeModel' },
  },
  rest: { routes: [knowledgeRoutes] },
  worker: {
    context: (env) => ({ knowledgeEmbedder: embedderFrom(z.object(knowledgeSettings).parse(env)) }),
    tasks: { index_file: indexFileTask, index_waiting_files: indexWaitingFilesTask },
    // A catch-up only (an upload is queued as it is stored), over every file: every 5 minutes.
    cron: ['*/5 * * * * index_waiting_files'],
  },
});
