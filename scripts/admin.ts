/**
 * `npm run admin -- grant <username> <admin|moderator>` and `npm run admin -- revoke <username>`:
 * gives or takes a staff role from the command line (the first admin of an install, or one locked
 * out of the console). The change is recorded in the audit log like the console's.
 *
 * The database: DATABASE_URL; else the embedded one of `npm start` (.data/pg, or CHORUS_DATA_DIR),
 * reached where it runs now or started for the moment and stopped again.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsList } from '../api/src/migrations/index.ts';
import { entities } from '../api/src/modules/entities.ts';
import { setRole } from '../api/src/modules/moderation/core/roles.ts';
import { moderationSettings } from '../api/src/modules/moderation/settings.ts';
import { initORM } from '../api/src/platform/db.ts';
import { AppError } from '../api/src/platform/errors.ts';
import type { EmbeddedDb } from './lib/embedded-db.ts';
import { startEmbeddedDbProcess } from './lib/embedded-db-process.ts';
import { loadDotEnv } from './lib/env.ts';
import { migrateDatabase } from './lib/migrate.ts';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const usage =
  'usage: npm run admin -- grant <username> <admin|moderator>\n       npm run admin -- revoke <username>';

/** The embedded database's address while `npm start` runs it: postmaster.pid's fourth line is its port. */
function runningEmbeddedUrl(pgDir: string): string | null {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  return `postgres://postgres:chorus-local@127.0.0.1:${Number(port)}/chorus`;
}

async function main(): Promise<number> {
  const [command, username, roleArg] = process.argv.slice(2);
  const role = command === 'revoke' ? 'user' : roleArg;
  if (!username || (command !== 'grant' && command !== 'revoke') || (command === 'grant' && !roleArg)) {
    console.error(usage);
    return 2;
  }
  loadDotEnv(root);
  let db: EmbeddedDb | null = null;
  let url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = process.env.CHORUS_DATA_DIR
      ? path.resolve(process.env.CHORUS_DATA_DIR)
      : path.join(root, '.data');
    url = runningEmbeddedUrl(path.join(dataDir, 'pg')) ?? undefined;
    if (!url) {
      db = await startEmbeddedDbProcess(path.join(dataDir, 'pg'));
      url = db.url;
    }
  }
  try {
    await migrateDatabase(url);
    const orm = await initORM(url, { entities, migrations: migrationsList });
    try {
      const admins = moderationSettings.ADMIN_USERNAMES.parse(process.env.ADMIN_USERNAMES);
      const user = await setRole(orm.em.fork(), null, admins, { username, role, reason: 'npm run admin' });
      console.log(
        `${user.username} is now ${user.role === 'user' ? 'a plain user' : `${user.role === 'admin' ? 'an' : 'a'} ${user.role}`}`,
      );
      return 0;
    } finally {
      await orm.close();
    }
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db?.stop();
  }
}

process.exitCode = await main();
