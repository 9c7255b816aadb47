import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Chat } from './Chat.ts';
import { Message } from './Message.ts';

/**
 * An answer about to be written (empty, `streaming`) by `model` after `parentId`: a regenerated
 * version, a compare's column or a merge (modules/compare). Written with the unit of work's next flush.
 */
export function emptyAnswer(
  em: EntityManager,
  chat: Chat,
  answer: {
    model: string;
    parentId: string | null;
    createdAt: Date;
    mergedFrom?: string[];
    /** The custom assistant writing it (customAssistant.ts), `model` being the one behind it. */
    customAssistantId?: string | null;
  },
): Message {
  return em.create(Message, {
    id: randomUUID(),
    chat,
    role: 'assistant',
    content: '',
    model: answer.model,
    customAssistantId: answer.customAssistantId ?? null,
    images: [],
    status: 'streaming',
    parentId: answer.parentId,
    ...(answer.mergedFrom ? { mergedFrom: answer.mergedFrom } : {}),
    createdAt: answer.createdAt,
    updatedAt: answer.createdAt,
  });
}
