import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { TimestampedEntity } from '../../../platform/baseEntity.ts';
import type { Source } from '../../knowledge/core/sources.ts';
import { Chat } from './Chat.ts';

/** One turn of a chat: the user's prompt or an assistant's answer. */
export const Message = defineEntity({
  name: 'Message',
  tableName: 'messages',
  extends: TimestampedEntity,
  properties: {
    content: p.text().default(''),
    model: p.string().length(32).nullable(),
    role: p.enum(['user', 'assistant'] as const),
    chat: () => p.manyToOne(Chat).deleteRule('cascade'),
    /** The message this one follows (null for a chat's first prompt and its edits); versions share it. */
    parentId: p.uuid().nullable(),
    /** streaming while an answer is being written; error or stopped keep what was written. */
    status: p.enum(['complete', 'streaming', 'error', 'stopped'] as const).default('complete'),
    error: p.text().nullable(),
    /** Storage keys of images attached to a prompt, or generated as an answer. */
    images: p.array().defaultRaw(`'{}'::text[]`),
    /** The answer's length in tokens as its provider reported it (usage); null when it reported none. */
    tokens: p.integer().nullable(),
    /** The model that wrote the answer, as its provider named it (e.g. gpt-4.1-mini-2025-04-14). */
    modelName: p.string().length(100).nullable(),
    /** Milliseconds from the start of writing the answer to its first token; null without one. */
    ttftMs: p.integer().nullable(),
    /** Milliseconds the answer took to write, start to end; null while it is written. */
    totalMs: p.integer().nullable(),
    /** For an answer merged from a compare's answers (modules/compare): the answers it combined. */
    mergedFrom: p.array().nullable(),
    /** What an answer cites as [1], [2]...: passages of the asker's files or web pages (knowledge/core/sources.ts). */
    sources: p.json<Source[]>().nullable(),
    /** The files of My Files a prompt asked about (its answers, regenerated or edited, ask them again). */
    fileIds: p.array().nullable(),
    /**
     * The custom assistant (modules/assistants) that wrote an answer, or a prompt was addressed to;
     * `model` is the built-in assistant behind it. Null once that assistant is deleted.
     */
    customAssistantId: p.uuid().nullable(),
  },
  indexes: [
    { name: 'messages_chat_created_idx', properties: ['chat', 'createdAt'] },
    { name: 'messages_chat_parent_idx', properties: ['chat', 'parentId'] },
    // Answers being written, by last heartbeat: the sweep for answers whose writer is gone.
    {
      name: 'messages_streaming_updated_idx',
      expression:
        'create index "messages_streaming_updated_idx" on "messages" ("updated_at") where "status" = \'streaming\'',
    },
  ],
});
export type Message = InferEntity<typeof Message>;
