import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../platform/baseEntity.ts';

/**
 * `blockerId` blocked `blockedId` (core/blocks.ts): the blocked person can't message or friend them,
 * and the blocker no longer sees the blocked person's videos and messages.
 */
export const Block = defineEntity({
  name: 'Block',
  tableName: 'user_blocks',
  extends: CreatedEntity,
  properties: {
    blockerId: p.uuid(),
    blockedId: p.uuid().index('user_blocks_blocked_index'),
  },
  uniques: [{ name: 'user_blocks_pair_unique', properties: ['blockerId', 'blockedId'] }],
});
export type Block = InferEntity<typeof Block>;
