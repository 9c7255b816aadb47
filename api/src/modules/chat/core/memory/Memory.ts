import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CreatedEntity } from '../../../../platform/baseEntity.ts';
import { User } from '../../../accounts/core/User.ts';

/**
 * A durable fact the user told Chorus ("The user's name is Ada"), remembered across chats and
 * found again with PostgreSQL full-text search (a generated `search` tsvector column).
 */
export const Memory = defineEntity({
  name: 'Memory',
  tableName: 'memories',
  extends: CreatedEntity,
  properties: {
    user: () => p.manyToOne(User).deleteRule('cascade'),
    content: p.text(),
  },
});
export type Memory = InferEntity<typeof Memory>;
