import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { TimestampedEntity } from '../../../platform/baseEntity.ts';
import { ownedByUser } from '../../accounts/core/ownedByUser.ts';
import { User } from '../../accounts/core/User.ts';

/** A friend request from `user` to `friend`; accepted requests are friendships. */
export const Friendship = defineEntity({
  name: 'Friendship',
  tableName: 'friendships',
  extends: TimestampedEntity,
  properties: ownedByUser({
    friend: () => p.manyToOne(User).deleteRule('cascade').index(),
    status: p.enum(['pending', 'accepted', 'declined', 'blocked'] as const).default('pending'),
  }),
  uniques: [{ name: 'friendships_pair_unique', properties: ['user', 'friend'] }],
  checks: [{ name: 'friendships_not_self', expression: 'user_id <> friend_id' }],
});
export type Friendship = InferEntity<typeof Friendship>;
