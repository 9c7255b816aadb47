import { initORM, migrate } from '../../api/src/platform/db.ts';

/** Applies pending MikroORM migrations and returns their names. */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  const orm = await initORM(databaseUrl);
  try {
    return await migrate(orm);
  } finally {
    await orm.close();
  }
}
