import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../accounts/core/User.ts';

/** A friend request from `user` to `friend`; accepted requests are friendships. */
export const Friendship = defineEntity({
  name: 'Friendship',
  tableName: 'friendships',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    friend: () => p.manyToOne(User).deleteRule('cascade').index(),
    status: p.enum(['pending', 'accepted', 'declined', 'blocked'] as const).default('pending'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ name: 'friendships_pair_unique', properties: ['user', 'friend'] }],
  checks: [{ name: 'friendships_not_self', expression: 'user_id <> friend_id' }],
});
export type Friendship = InferEntity<typeof Friendship>;
