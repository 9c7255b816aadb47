import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { isUuid } from '../../../platform/validation.ts';
import { jobCall } from '../../jobs/addJob.ts';
import type { KnowledgeStatus } from './KnowledgeFile.ts';
import { pgArray } from './retrieve.ts';

/** What My Files shows about a file's reading (REST `knowledge`, GraphQL StoredFile.knowledge). */
export interface FileKnowledge {
  status: KnowledgeStatus;
  passages: number;
  error: string | null;
  /** How far it has been read (0-100) while `indexing`; left out otherwise. */
  progress?: number;
}

/** A file no job has read yet. */
const WAITING: FileKnowledge = { status: 'pending', passages: 0, error: null };

/** The reading of these files (the caller has checked they are the user's), in one query. */
export async function knowledgeOf(em: EntityManager, fileIds: string[]): Promise<Map<string, FileKnowledge>> {
  const found = new Map<string, FileKnowledge>();
  if (fileIds.length === 0) return found;
  const rows = await em.execute<
    {
      file_id: string;
      status: KnowledgeStatus;
      passages: number;
      error: string | null;
      progress: number | null;
    }[]
  >('select file_id, status, passages, error, progress from knowledge_files where file_id = any(?::uuid[])', [
    pgArray(fileIds),
  ]);
  for (const r of rows)
    found.set(r.file_id, {
      status: r.status,
      passages: r.passages,
      error: r.error,
      ...(r.status === 'indexing' ? { progress: r.progress ?? 0 } : {}),
    });
  return new Map(fileIds.map((id) => [id, found.get(id) ?? WAITING]));
}

/**
 * Marks a file pending and queues its reading, in one statement (so both or neither happen). The
 * job key makes a second request while one waits replace it, not add another.
 */
export async function queueIndexing(
  em: EntityManager,
  userId: string,
  fileId: string,
): Promise<FileKnowledge> {
  const job = jobCall('index_file', { fileId }, { jobKey: `index_file:${fileId}`, maxAttempts: 3 });
  await em.execute(
    `with marked as (
       insert into knowledge_files (file_id, user_id, status) values (?, ?, 'pending')
       on conflict (file_id) do update set status = 'pending', error = null, updated_at = now()
       returning file_id)
     select ${job.sql} from marked`,
    [fileId, userId, ...job.params],
  );
  return WAITING;
}

/**
 * The files of My Files no job has read or queued (stored before this module, or whose queueing was
 * lost with a crash), queued now, at most `limit` a run: the `index_waiting_files` cron. A pending
 * file queued less than a minute ago is left to its job.
 */
export async function queueWaitingFiles(em: EntityManager, limit = 200): Promise<number> {
  const rows = await em.execute<{ user_id: string; id: string }[]>(
    `select f.user_id, f.id from files f
       left join knowledge_files k on k.file_id = f.id
      where f.purpose in ('upload', 'video_frame')
        and (k.file_id is null or (k.status = 'pending' and k.updated_at < now() - interval '1 minute'))
      order by f.created_at desc limit ?`,
    [limit],
  );
  for (const r of rows) await queueIndexing(em, r.user_id, r.id);
  return rows.length;
}

/** Reads one of the user's My Files again (a 404 for anyone else's); its knowledge, now pending. */
export async function reindexFile(em: EntityManager, userId: string, fileId: string): Promise<FileKnowledge> {
  const [file] = isUuid(fileId)
    ? await em.execute<{ id: string }[]>(
        `select id from files where id = ? and user_id = ? and purpose in ('upload', 'video_frame')`,
        [fileId, userId],
      )
    : [];
  if (!file) throw notFound(msg('File not found'));
  return queueIndexing(em, userId, fileId);
}
