import type { MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { type EntityManager, MikroORM, type Options } from '@mikro-orm/postgresql';
import { ormDebug } from './config.ts';
import { logger } from './logger.ts';

export type { EntityManager };

/**
 * What the ORM maps, given by the caller (the platform knows no module): the entities
 * (api/src/modules/entities.ts) and, where migrations run, their list (api/src/migrations).
 */
export interface DatabaseSchema {
  entities: NonNullable<Options['entities']>;
  migrations?: MigrationObject[];
}

/**
 * ORM settings shared by the api, the worker, migrations and tests. Migrations are listed
 * explicitly (not discovered from disk) so they work the same from TypeScript sources and bundles.
 */
export function ormOptions(
  databaseUrl: string,
  schema: DatabaseSchema,
  extra: Partial<Options> = {},
): Options {
  return {
    clientUrl: databaseUrl,
    entities: schema.entities,
    extensions: [Migrator],
    migrations: {
      migrationsList: schema.migrations ?? [],
      tableName: 'mikro_orm_migrations',
      // Migrations are written by hand or reviewed drafts; no schema snapshot file is kept.
      snapshot: false,
      transactional: true,
      allOrNothing: true,
    },
    pool: { min: 0, max: 10 },
    debug: ormDebug,
    logger: (message) => logger.debug({ orm: message }),
    ...extra,
  };
}

export async function initORM(
  databaseUrl: string,
  schema: DatabaseSchema,
  extra: Partial<Options> = {},
): Promise<MikroORM> {
  return MikroORM.init(ormOptions(databaseUrl, schema, extra));
}

/** Applies every pending migration; safe to call on each start. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const done = await orm.migrator.up();
  return done.map((m) => m.name);
}

/**
 * Holds a lock named by `key` until the surrounding transaction ends: concurrent transactions
 * that take the same key (one user's quota check, one pair's friend request) run one at a time.
 */
export async function lockUntilCommit(tem: EntityManager, key: string): Promise<void> {
  await tem.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
}
