/** `npm run migrate`: applies pending migrations to DATABASE_URL. */
import { loadDotEnv } from './lib/env.ts';
import { migrateDatabase } from './lib/migrate.ts';

loadDotEnv(process.cwd());
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set (npm start migrates the embedded database by itself).');
  process.exit(1);
}
const applied = await migrateDatabase(url);
console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
