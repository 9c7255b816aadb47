import { type EntityName, type FilterQuery, type FindOneOptions, p } from '@mikro-orm/core';
import type { EntityManager } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { isUuid } from '../../../platform/validation.ts';
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

/**
 * The row with this id if it is the user's (and matches `where`); anyone else's, or a malformed
 * id, is simply "not found" (`message`), so a stranger learns nothing of what exists. `options`
 * lock the row (and refresh the copy the request holds).
 */
export async function requireOwned<Entity extends object>(
  em: EntityManager,
  entity: EntityName<Entity>,
  userId: string,
  id: string,
  message: string,
  where: FilterQuery<Entity> = {},
  options: Pick<FindOneOptions<Entity>, 'lockMode' | 'refresh'> = {},
): Promise<Entity> {
  const row = isUuid(id)
    ? await em.findOne(
        entity,
        { ...(where as object), id, user: userId } as FilterQuery<NoInfer<Entity>>,
        options,
      )
    : null;
  if (!row) throw notFound(message);
  return row as Entity;
}
