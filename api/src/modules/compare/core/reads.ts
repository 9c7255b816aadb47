import type { EntityManager } from '@mikro-orm/postgresql';
import { Message } from '../../chat/core/Message.ts';
import { CompareTurn } from './CompareTurn.ts';

/**
 * The compares of these prompts, by prompt id, in one query (a chat's page of messages asks each
 * of its prompts). Only the user's own: the messages are theirs already, this keeps it so.
 */
export async function turnsOf(
  em: EntityManager,
  userId: string,
  promptIds: string[],
): Promise<Map<string, CompareTurn>> {
  if (promptIds.length === 0) return new Map();
  const turns = await em.find(CompareTurn, { id: { $in: promptIds }, user: userId });
  return new Map(turns.map((t) => [t.id, t]));
}

/** A compare's answers as they are now, in the order asked (a deleted one is left out). */
export async function answersOf(em: EntityManager, turn: CompareTurn): Promise<Message[]> {
  const found = await em.find(Message, { id: { $in: turn.answerIds }, chat: turn.chat.id });
  const byId = new Map(found.map((m) => [m.id, m]));
  return turn.answerIds.flatMap((id) => byId.get(id) ?? []);
}
