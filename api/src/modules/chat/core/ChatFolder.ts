import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { TimestampedEntity } from '../../../platform/baseEntity.ts';
import { User } from '../../accounts/core/User.ts';

/**
 * A folder of one user's chats. Deleting it keeps its chats: `chats.folder_id` is set null by the
 * database. The sidebar shows folders by position, then by creation.
 */
export const ChatFolder = defineEntity({
  name: 'ChatFolder',
  tableName: 'chat_folders',
  extends: TimestampedEntity,
  properties: {
    user: () => p.manyToOne(User).deleteRule('cascade').index('chat_folders_user_id_index'),
    /** 1..60 characters, trimmed. */
    name: p.string().length(60),
    position: p.integer().default(0),
  },
});
export type ChatFolder = InferEntity<typeof ChatFolder>;
