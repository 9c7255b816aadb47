import type { EntityManager } from '@mikro-orm/postgresql';
import { logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage.ts';

/**
 * The folders whose every object a row names once its upload is done: My Files uploads and video
 * frames (`uploads/`), chat images (`images/`) and import archives (`imports/`). Videos, posters
 * and account exports are written by jobs that keep their own state, and are not swept.
 */
export const SWEPT_FOLDERS = ['uploads/', 'images/', 'imports/'] as const;

/** Keys looked up in one statement. */
const BATCH = 500;

/**
 * The keys of `keys` that no row names: a file (files.storage_key), an import waiting to be read
 * (chat_imports.source_key) or a video job's starting frame (video_jobs.source_image_key).
 */
async function unreferenced(em: EntityManager, keys: string[]): Promise<string[]> {
  const rows = await em.execute<{ key: string }[]>(
    `select k.key from json_array_elements_text(?::json) as k(key)
      where not exists (select 1 from files f where f.storage_key = k.key)
        and not exists (select 1 from chat_imports i where i.source_key = k.key)
        and not exists (select 1 from video_jobs v where v.source_image_key = k.key)`,
    [JSON.stringify(keys)],
  );
  return rows.map((r) => r.key);
}

/**
 * Deletes stored objects that no row names and that are older than `graceMs`: what a process
 * stopped mid-upload left behind (its bytes written, its row never inserted), which would otherwise
 * take space outside everyone's quota for ever. The grace keeps an upload still being written, or
 * written and about to get its row, out of reach. Answers how many objects were deleted.
 */
export async function sweepOrphanedObjects(
  em: EntityManager,
  storage: Pick<Storage, 'list' | 'delete'>,
  graceMs: number,
  now = new Date(),
): Promise<number> {
  const before = now.getTime() - graceMs;
  let deleted = 0;
  const sweep = async (batch: string[]) => {
    for (const key of await unreferenced(em, batch)) {
      await storage.delete(key);
      deleted += 1;
    }
  };
  for (const folder of SWEPT_FOLDERS) {
    let batch: string[] = [];
    for await (const object of storage.list(folder)) {
      if (object.modifiedAt.getTime() >= before) continue;
      batch.push(object.key);
      if (batch.length >= BATCH) {
        await sweep(batch);
        batch = [];
      }
    }
    if (batch.length) await sweep(batch);
  }
  if (deleted) logger.info({ deleted }, 'deleted stored objects no row named');
  return deleted;
}
