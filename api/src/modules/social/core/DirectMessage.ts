import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';
import { User } from '../../accounts/core/User.ts';
import { Conversation } from './Conversation.ts';

/** One message of a conversation. `readAt` is set when the other participant opens the thread. */
export const DirectMessage = defineEntity({
  name: 'DirectMessage',
  tableName: 'direct_messages',
  extends: CreatedEntity,
  properties: {
    conversation: () => p.manyToOne(Conversation).deleteRule('cascade'),
    sender: () => p.manyToOne(User).deleteRule('cascade'),
    content: p.text(),
    readAt: p.datetime().nullable(),
  },
  // History is read newest first, a page at a time.
  indexes: [{ name: 'direct_messages_conversation_created_idx', properties: ['conversation', 'createdAt'] }],
});
export type DirectMessage = InferEntity<typeof DirectMessage>;
