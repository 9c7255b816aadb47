import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from '../../../accounts/core/User.ts';

/**
 * A durable fact the user told Chorus ("The user's name is Ada"), remembered across chats and
 * found again with PostgreSQL full-text search (a generated `search` tsvector column).
 */
export const Memory = defineEntity({
  name: 'Memory',
  tableName: 'memories',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    content: p.text(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
export type Memory = InferEntity<typeof Memory>;
