import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp } from '../../tests/support/app.ts';
import { type FakeS3, startFakeS3 } from '../../tests/support/s3.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';
import { sweepOrphanedObjects } from '../src/modules/files/core/orphans.ts';
import { createStorage, type Storage, storageConfigShape } from '../src/platform/storage.ts';

/**
 * The worker's hourly sweep (files/core/orphans.ts): stored objects no row names, older than the
 * grace period, are deleted; a young one (an upload still on its way to its row) and every object a
 * row names stay. On local disk and on an S3-compatible store.
 */
let app: RunningApp;
let s3: FakeS3;
beforeAll(async () => {
  app = await startTestApp();
  s3 = await startFakeS3();
});
afterAll(async () => {
  await app.close();
  await s3.close();
});

const exists = (storage: Storage, key: string) =>
  storage.read(key).then(
    () => true,
    () => false,
  );

async function sweepCase(storage: Storage) {
  const { userId } = await signedUpClient(app.url);
  const orphan = `uploads/${userId}/${randomUUID()}`;
  const orphanImage = `images/${userId}/${randomUUID()}.png`;
  const orphanImport = `imports/${userId}/${randomUUID()}.json`;
  const kept = `uploads/${userId}/${randomUUID()}`;
  const waitingImport = `imports/${userId}/${randomUUID()}.json`;
  const notSwept = `videos/${userId}/${randomUUID()}.mp4`;
  for (const key of [orphan, orphanImage, orphanImport, kept, waitingImport, notSwept])
    await storage.put(key, Buffer.from('bytes'));
  await db().query(
    `insert into files (id, user_id, name, content_type, size, storage_key, purpose)
     values (gen_random_uuid(), $1, 'kept.txt', 'text/plain', 5, $2, 'upload')`,
    [userId, kept],
  );
  await db().query(
    `insert into chat_imports (id, user_id, format, content_hash, source_key)
     values (gen_random_uuid(), $1, 'claude', repeat('0', 64), $2)`,
    [userId, waitingImport],
  );
  // Older than the grace period by the time of the sweep; then one just written.
  await new Promise((r) => setTimeout(r, 2_500));
  const young = `uploads/${userId}/${randomUUID()}`;
  await storage.put(young, Buffer.from('bytes'));

  const deleted = await sweepOrphanedObjects(app.orm.em.fork(), storage, 1_500);
  expect(deleted).toBeGreaterThanOrEqual(3);
  for (const key of [orphan, orphanImage, orphanImport]) expect(await exists(storage, key), key).toBe(false);
  for (const key of [kept, waitingImport, notSwept, young])
    expect(await exists(storage, key), key).toBe(true);
  // Nothing left to sweep the second time.
  expect(await sweepOrphanedObjects(app.orm.em.fork(), storage, 1_500)).toBe(0);
}

describe('the orphan sweep', () => {
  it('deletes unreferenced old objects on local disk, keeping young and referenced ones', async () => {
    await sweepCase(createStorage(app.config, app.config.storageDir));
  }, 30_000);

  it('does the same in an S3-compatible store', async () => {
    const config = z.object(storageConfigShape).parse(s3.env);
    await sweepCase(createStorage(config, '/nonexistent'));
  }, 30_000);
});
