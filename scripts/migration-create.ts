/**
 * Writes a new migration by diffing the entities against a scratch embedded database that has all
 * current migrations applied. Usage: npm run migration:create [-- --blank]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrationsList } from '../api/src/migrations/index.ts';
import { entities } from '../api/src/modules/entities.ts';
import { initORM } from '../api/src/platform/db.ts';
import { startEmbeddedDb } from './lib/embedded-db.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-migrate-'));
const db = await startEmbeddedDb({ dataDir: path.join(dir, 'pg'), persistent: false });
try {
  const orm = await initORM(
    db.url,
    { entities, migrations: migrationsList },
    {
      migrations: {
        path: path.resolve('api/src/migrations'),
        snapshot: false,
        glob: 'Migration*.ts',
      } as never,
    },
  );
  await orm.migrator.up();
  const blank = process.argv.includes('--blank');
  const result = await orm.migrator.create(path.resolve('api/src/migrations'), blank, false);
  console.log(
    result.fileName ? `created ${result.fileName}: add it to api/src/migrations/index.ts` : 'no changes',
  );
  await orm.close();
} finally {
  await db.stop();
  await rm(dir, { recursive: true, force: true });
}
