import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';
import { User } from '../../accounts/core/User.ts';

/**
 * The direct-message thread of two users. The pair is stored in id order (`userA` < `userB`), so
 * one unique index makes a second thread for the same two people impossible.
 */
export const Conversation = defineEntity({
  name: 'Conversation',
  tableName: 'conversations',
  extends: CreatedEntity,
  properties: {
    /** Null once that participant deleted the account: the other keeps the thread and their messages. */
    userA: () => p.manyToOne(User).deleteRule('set null').nullable(),
    userB: () => p.manyToOne(User).deleteRule('set null').nullable().index(),
    /** Time of the last message: the conversation list is sorted by it. */
    lastMessageAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'conversations_pair_unique', properties: ['userA', 'userB'] }],
  checks: [{ name: 'conversations_ordered_pair', expression: 'user_a_id < user_b_id' }],
});
export type Conversation = InferEntity<typeof Conversation>;
