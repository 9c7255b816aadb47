import { Logger, runMigrations } from 'graphile-worker';
import { migrationsList } from '../../api/src/migrations/index.ts';
import { entities } from '../../api/src/modules/entities.ts';
import { initORM, migrate } from '../../api/src/platform/db.ts';

const quietLogger = new Logger(() => () => {});

/**
 * Applies pending MikroORM migrations, and installs or upgrades graphile-worker's own schema, so
 * the api can queue jobs (in its own transactions) before any worker has started. Returns the
 * names of the MikroORM migrations applied.
 */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  const orm = await initORM(databaseUrl, { entities, migrations: migrationsList });
  try {
    const applied = await migrate(orm);
    await runMigrations({ connectionString: databaseUrl, logger: quietLogger });
    return applied;
  } finally {
    await orm.close();
  }
}
