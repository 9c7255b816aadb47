import { type EntityManager, LockMode, type MikroORM } from '@mikro-orm/postgresql';
import type { AnswerStatus } from './answerEvents.ts';
import { Message } from './Message.ts';

/**
 * Saves an answer's ending: its final text, status and error, once. Locked, so an ending written
 * elsewhere meanwhile (the interrupted-answers sweep, a Stop from another process) either
 * committed first and is seen here (and stands), or waits and then finds this one.
 */
export async function persistAnswer(
  orm: MikroORM,
  messageId: string,
  ending: {
    content: string;
    status: AnswerStatus;
    error: string | null;
    images?: string[];
    /** What the provider reported: the answer's tokens and model (null when it reported nothing). */
    tokens?: number | null;
    modelName?: string | null;
  },
  alsoInTransaction?: (em: EntityManager) => Promise<void>,
): Promise<Message> {
  return orm.em.fork().transactional(async (em) => {
    const message = await em.findOneOrFail(
      Message,
      { id: messageId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    // Already ended by someone else (taken for an interrupted answer, or stopped from outside
    // while this process was unreachable): that ending stands.
    if (message.status !== 'streaming') return message;
    message.content = ending.content;
    message.status = ending.status;
    message.error = ending.error;
    if (ending.images) message.images = ending.images;
    message.tokens = ending.tokens ?? null;
    message.modelName = ending.modelName?.slice(0, 100) ?? null;
    await em.flush();
    await alsoInTransaction?.(em);
    return message;
  });
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
