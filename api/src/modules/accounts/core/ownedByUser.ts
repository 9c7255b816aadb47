import { p } from '@mikro-orm/core';
import { User } from './User.ts';

/**
 * The properties of a row that belongs to one user and goes when their account is deleted: a
 * `user` reference first (its foreign key cascades), then the row's own properties. `indexed`
 * adds an index on the owner where rows are looked up by user alone.
 */
export function ownedByUser<Properties extends object>(
  properties: Properties,
  { indexed = false }: { indexed?: boolean } = {},
) {
  return {
    user: () => {
      const owner = p.manyToOne(User).deleteRule('cascade');
      return indexed ? owner.index() : owner;
    },
    ...properties,
  };
}
