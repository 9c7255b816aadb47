import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { indexFile } from '../core/indexing.ts';
import { knowledgeJobs } from '../jobs.ts';

/** Reads one file of My Files into passages (core/indexing.ts), queued on upload and by reindex. */
export const indexFileTask =
  (ctx: WorkerContext): Task =>
  async (payload, helpers) => {
    const { fileId } = knowledgeJobs.index_file.parse(payload);
    const outcome = await indexFile(
      { em: ctx.orm.em.fork(), storage: ctx.storage, embedder: ctx.knowledgeEmbedder },
      fileId,
    );
    helpers.logger.info(
      `file ${fileId}: ${outcome.status}, ${outcome.passages} passages in ${outcome.ms} ms${outcome.error ? ` (${outcome.error})` : ''}`,
    );
  };
