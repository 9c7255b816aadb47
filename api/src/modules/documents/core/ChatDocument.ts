import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { TimestampedEntity } from '../../../platform/baseEntity.ts';
import { User } from '../../accounts/core/User.ts';
import { Chat } from '../../chat/core/Chat.ts';

export const documentKinds = ['text', 'code'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/**
 * A canvas document of a chat: prose (Markdown) or code, edited beside the chat. Deleted with its
 * chat. `version` goes up by one with every saved change (each kept in `document_versions`), and a
 * save names the version it was made from, so two tabs never overwrite each other (service.ts).
 */
export const ChatDocument = defineEntity({
  name: 'ChatDocument',
  tableName: 'documents',
  extends: TimestampedEntity,
  properties: {
    chat: () => p.manyToOne(Chat).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index('documents_user_id_index'),
    /** 1..200 characters. */
    title: p.string().length(200),
    kind: p.enum(documentKinds),
    /** A code document's language (e.g. typescript, python); null for prose. */
    language: p.string().length(32).nullable(),
    content: p.text(),
    version: p.integer().default(1),
  },
  indexes: [{ name: 'documents_chat_created_idx', properties: ['chat', 'createdAt'] }],
});
export type ChatDocument = InferEntity<typeof ChatDocument>;
