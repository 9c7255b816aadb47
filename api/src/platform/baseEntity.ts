import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

/**
 * What most tables share: a uuid key made in the process (so a row can be referred to before its
 * insert is flushed) and when the row was made. Abstract: it has no table of its own.
 */
export const CreatedEntity = defineEntity({
  name: 'CreatedEntity',
  abstract: true,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});

/** A row that is changed after it is made, and says when it was changed last. */
export const TimestampedEntity = defineEntity({
  name: 'TimestampedEntity',
  abstract: true,
  extends: CreatedEntity,
  properties: {
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
