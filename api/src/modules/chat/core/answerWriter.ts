import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { raise } from '../../../platform/hooks.ts';
import type { JobCall } from '../../jobs/addJob.ts';
import type { Source } from '../../knowledge/core/sources.ts';
import type { AnswerStatus } from './answerEvents.ts';

/** An answer's ending as it is saved: this process's, or one written elsewhere first. */
export interface SavedAnswer {
  id: string;
  content: string;
  status: AnswerStatus;
  error: string | null;
  tokens: number | null;
  modelName: string | null;
  ttftMs: number | null;
  totalMs: number | null;
  sources: Source[] | null;
}

/**
 * Saves an answer's ending: its final text, status and error, once. One conditional UPDATE: an
 * ending written elsewhere meanwhile (the interrupted-answers sweep, a Stop from another process)
 * either committed first, so this one changes nothing and that ending stands, or holds the row and
 * this one waits, then finds it no longer streaming. (It was a locking read and a write through the
 * unit of work; at 50 answers at once that was a good share of the api's CPU per answer.)
 *
 * `job` is queued and `notify` sent (the `done` event for the other processes) by the same
 * statement, only if this ending is the one saved. It answers the saved ending as plain values,
 * not an entity: mapping a row (its dates above all) cost more than the statement, and only the
 * REST shims, which read the message anyway, need one.
 */
export async function persistAnswer(
  orm: MikroORM,
  messageId: string,
  ending: {
    content: string;
    status: AnswerStatus;
    error: string | null;
    images?: string[];
    /** What the provider reported: the answer's tokens and model (null when it reported none). */
    tokens?: number | null;
    modelName?: string | null;
    /** How long it took: to its first token (null without one), and in all. */
    ttftMs?: number | null;
    totalMs?: number | null;
    /** What the answer cites (knowledge/core/sources.ts); left as it is when not given. */
    sources?: Source[];
  },
  also: {
    job?: JobCall;
    notify?: { channel: string; payload: string };
    /** The answer's owner, to raise `answerCompleted` in the saving transaction (a completed ending only). */
    completedFor?: string;
  } = {},
): Promise<{ saved: SavedAnswer; endedHere: boolean }> {
  const { job, notify, completedFor } = also;
  // Only a completed answer pays for a transaction around its statement: the reactions to
  // `answerCompleted` (webhooks) must commit with it, or not at all.
  if (completedFor)
    return orm.em.fork().transactional(async (tx) => {
      const result = await saveEnding(tx, messageId, ending, job, notify);
      if (result.endedHere && result.saved.status === 'complete')
        await raise('answerCompleted', { em: tx, messageId, userId: completedFor });
      return result;
    });
  return saveEnding(orm.em.fork(), messageId, ending, job, notify);
}

async function saveEnding(
  em: EntityManager,
  messageId: string,
  ending: Parameters<typeof persistAnswer>[2],
  job: JobCall | undefined,
  notify: { channel: string; payload: string } | undefined,
): Promise<{ saved: SavedAnswer; endedHere: boolean }> {
  const columns =
    'id, content, status, error, tokens, model_name as "modelName", ttft_ms as "ttftMs", total_ms as "totalMs", sources';
  const [row] = await em.execute<SavedAnswer[]>(
    `with ended as (
       update messages
          set content = ?, status = ?, error = ?,
              images = coalesce((select array_agg(k) from json_array_elements_text(?::json) k), images),
              tokens = ?, model_name = ?, ttft_ms = ?, total_ms = ?,
              sources = coalesce(?::jsonb, sources), updated_at = now()
        where id = ? and status = 'streaming'
        returning ${columns}
     )${job ? `, queued as (select ${job.sql} from ended)` : ''}${notify ? ', notified as (select pg_notify(?, ?) from ended)' : ''}
     select ended.* from ended${job ? ' left join queued on true' : ''}${notify ? ' left join notified on true' : ''}`,
    [
      ending.content,
      ending.status,
      ending.error,
      // As JSON: a bare array here would be spread into a list of parameters.
      ending.images ? JSON.stringify(ending.images) : null,
      ending.tokens ?? null,
      ending.modelName?.slice(0, 100) ?? null,
      ending.ttftMs ?? null,
      ending.totalMs ?? null,
      ending.sources ? JSON.stringify(ending.sources) : null,
      messageId,
      ...(job?.params ?? []),
      ...(notify ? [notify.channel, notify.payload] : []),
    ],
  );
  if (row) return { saved: row, endedHere: true };
  // Already ended by someone else (taken for an interrupted answer, or stopped from outside
  // while this process was unreachable): that ending stands, and nothing was queued or sent.
  const [stood] = await em.execute<SavedAnswer[]>(`select ${columns} from messages where id = ?`, [
    messageId,
  ]);
  if (!stood) throw new Error(`answer ${messageId} is gone`);
  return { saved: stood, endedHere: false };
}

/**
 * Saves the text so far of an answer still being written: one plain UPDATE (this runs while
 * tokens stream), which never touches an answer that has already been finished.
 */
export async function savePartial(orm: MikroORM, messageId: string, content: string): Promise<void> {
  await orm.em
    .fork()
    .execute(`update messages set content = ?, updated_at = now() where id = ? and status = 'streaming'`, [
      content,
      messageId,
    ]);
}

/**
 * Saves the text so far of these answers in one statement (the heartbeat); returns the ids still
 * streaming in the database (an answer that is not was ended elsewhere).
 */
export async function savePartials(
  orm: MikroORM,
  answers: { id: string; content: string }[],
): Promise<Set<string>> {
  const rows = await orm.em.fork().execute<{ id: string }[]>(
    `update messages m set content = v.content, updated_at = now()
       from json_to_recordset(?::json) as v(id uuid, content text)
      where m.id = v.id and m.status = 'streaming'
      returning m.id`,
    [JSON.stringify(answers)],
  );
  return new Set(rows.map((r) => r.id));
}
