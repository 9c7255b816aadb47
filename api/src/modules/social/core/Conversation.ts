import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../accounts/core/User.ts';

/**
 * The direct-message thread of two users. The pair is stored in id order (`userA` < `userB`), so
 * one unique index makes a second thread for the same two people impossible.
 */
export const Conversation = defineEntity({
  name: 'Conversation',
  tableName: 'conversations',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    /** Null once that participant deleted the account: the other keeps the thread and their messages. */
    userA: () => p.manyToOne(User).deleteRule('set null').nullable(),
    userB: () => p.manyToOne(User).deleteRule('set null').nullable().index(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    /** Time of the last message: the conversation list is sorted by it. */
    lastMessageAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'conversations_pair_unique', properties: ['userA', 'userB'] }],
  checks: [{ name: 'conversations_ordered_pair', expression: 'user_a_id < user_b_id' }],
});
export type Conversation = InferEntity<typeof Conversation>;
