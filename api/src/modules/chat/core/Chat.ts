import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { TimestampedEntity } from '../../../platform/baseEntity.ts';
import { User } from '../../accounts/core/User.ts';
import { ChatFolder } from './ChatFolder.ts';

/** A conversation between one user and the assistants. */
export const Chat = defineEntity({
  name: 'Chat',
  tableName: 'chats',
  extends: TimestampedEntity,
  properties: {
    title: p.string().length(200).default('New Chat'),
    activeModel: p.string().length(32).default('gpt'),
    /** The custom assistant answering next (customAssistant.ts), `activeModel` being the one behind it. */
    activeCustomAssistantId: p.uuid().nullable(),
    /** A specialised mode from the marketing pages (study, rewrite, business, coach), shaping the system prompt. */
    mode: p.enum(['study', 'rewrite', 'business', 'coach'] as const).nullable(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** The user's folder it is filed in (folders module); deleting the folder leaves it in none. */
    folder: () => p.manyToOne(ChatFolder).nullable().deleteRule('set null').index('chats_folder_id_index'),
    /** When it was pinned; pinned chats come first in the list. */
    pinnedAt: p.datetime().nullable(),
    /** The leaf of the path being shown (branches.ts); null for a chat without messages. */
    currentMessageId: p.uuid().nullable(),
    /**
     * The files of My Files it reads (chatFiles.ts): every prompt's answer is grounded in them. Ids
     * only, like a message's `fileIds`: a file deleted since is left out where they are read.
     */
    fileIds: p.array().nullable(),
  },
  // My Chats: pinned first, then newest-updated, a keyset page at a time (service.ts chatPage).
  indexes: [
    {
      name: 'chats_user_list_idx',
      expression: `create index "chats_user_list_idx" on "chats" ("user_id", (coalesce("pinned_at", '-infinity'::timestamptz)) desc, "updated_at" desc, "id" desc)`,
    },
  ],
});
export type Chat = InferEntity<typeof Chat>;
