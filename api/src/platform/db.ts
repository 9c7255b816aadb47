import { Migrator } from '@mikro-orm/migrations';
import { type EntityManager, MikroORM, type Options } from '@mikro-orm/postgresql';
import { migrationsList } from '../migrations/index.ts';
import { entities } from '../modules/entities.ts';
import { logger } from './logger.ts';

export type { EntityManager };

/**
 * ORM settings shared by the api, the worker, migrations and tests. Migrations are listed
 * explicitly (not discovered from disk) so they work the same from TypeScript sources and bundles.
 */
export function ormOptions(databaseUrl: string, extra: Partial<Options> = {}): Options {
  return {
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    migrations: {
      migrationsList,
      tableName: 'mikro_orm_migrations',
      // Migrations are written by hand or reviewed drafts; no schema snapshot file is kept.
      snapshot: false,
      transactional: true,
      allOrNothing: true,
    },
    pool: { min: 0, max: 10 },
    debug: process.env.ORM_DEBUG === '1',
    logger: (message) => logger.debug({ orm: message }),
    ...extra,
  };
}

export async function initORM(databaseUrl: string, extra: Partial<Options> = {}): Promise<MikroORM> {
  return MikroORM.init(ormOptions(databaseUrl, extra));
}

/** Applies every pending migration; safe to call on each start. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const done = await orm.migrator.up();
  return done.map((m) => m.name);
}
