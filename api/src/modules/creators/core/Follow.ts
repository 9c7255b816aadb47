import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';

/** `followerId` follows `followedId` (core/follows.ts): the followed person's videos are in their Following feed. */
export const Follow = defineEntity({
  name: 'Follow',
  tableName: 'user_follows',
  extends: CreatedEntity,
  properties: {
    followerId: p.uuid(),
    followedId: p.uuid().index('user_follows_followed_index'),
  },
  uniques: [{ name: 'user_follows_pair_unique', properties: ['followerId', 'followedId'] }],
});
export type Follow = InferEntity<typeof Follow>;
