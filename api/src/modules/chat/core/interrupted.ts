import { STORED_TEXTS } from '@chorus/shared/storedTexts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PubSub } from '../../../platform/pubsub.ts';
import { publishDone } from './answerEvents.ts';

/** Stored in English; each reader's screen translates it (@chorus/shared/storedTexts). */
export const INTERRUPTED_MESSAGE = STORED_TEXTS.answerInterrupted;

/**
 * Ends answers nobody is writing any more. A process writing answers touches each of them every
 * heartbeat (ChatEngine), so an answer still `streaming` whose row has not been touched for
 * `staleAfterMs` lost its writer (the process was killed, ran out of memory, lost its machine).
 * It ends as an error that keeps what was saved, so Retry (free after an error) works; every
 * subscriber is told. Called lazily for the answers someone looks at and periodically for all
 * (the worker's `end_interrupted_answers` cron job). Returns the ids it ended.
 */
export async function endInterruptedAnswers(
  em: EntityManager,
  pubsub: PubSub,
  options: { staleAfterMs: number; messageIds?: string[] },
): Promise<string[]> {
  if (options.messageIds?.length === 0) return [];
  const only = options.messageIds ? 'and id in (select (json_array_elements_text(?::json))::uuid)' : '';
  const rows = await em.execute<{ id: string; content: string }[]>(
    `update messages set status = 'error', error = ?, updated_at = now()
      where status = 'streaming'
        and updated_at < now() - make_interval(secs => ?::float / 1000)
        ${only}
      returning id, content`,
    [
      INTERRUPTED_MESSAGE,
      options.staleAfterMs,
      ...(options.messageIds ? [JSON.stringify(options.messageIds)] : []),
    ],
  );
  for (const row of rows) {
    await publishDone(pubsub, {
      messageId: row.id,
      text: row.content,
      status: 'error',
      error: INTERRUPTED_MESSAGE,
    });
  }
  return rows.map((r) => r.id);
}
