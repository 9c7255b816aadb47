import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeS3, startFakeS3 } from '../../tests/support/s3.ts';
import { S3Storage } from '../src/platform/s3Storage.ts';
import { createStorage, LocalStorage, type Storage, storageConfigShape } from '../src/platform/storage.ts';

/** The same suite for every driver: local disk, and an S3-compatible server started here (s3rver). */
let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3('chorus-storage-test');
});
afterAll(() => s3.close());

const CDN = 'https://cdn.example.test/media';
const settingsOf = (env: Record<string, string>) => z.object(storageConfigShape).parse(env);

const drivers: [string, () => Storage][] = [
  ['local disk', () => new LocalStorage(mkdtempSync(path.join(os.tmpdir(), 'chorus-storage-')))],
  ['S3-compatible store', () => createStorage(settingsOf(s3.env), '/nonexistent')],
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: NodeJS.ErrnoException) => err,
  );

describe.each(drivers)('storage on %s', (name, make) => {
  let storage: Storage;
  let n = 0;
  /** A fresh key in a folder of its own. */
  const keyOf = (file = 'a.png') => `images/${name.replace(/\W/g, '')}-${++n}-${Date.now()}/${file}`;
  beforeAll(() => {
    storage = make();
  });

  it('puts, reads, sizes and deletes an object', async () => {
    const key = keyOf();
    await storage.put(key, Buffer.from('hello storage'));
    expect((await storage.read(key)).toString()).toBe('hello storage');
    expect(await storage.sizeOf(key)).toBe(13);
    await storage.delete(key);
    expect((await errorOf(storage.read(key))).code).toBe('ENOENT');
    expect((await errorOf(storage.sizeOf(key))).code).toBe('ENOENT');
    // Deleting what is gone is fine.
    await storage.delete(key);
  });

  it('stores a local file and a stream as it arrives, several parts long', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'chorus-file-')), 'v.mp4');
    const big = Buffer.alloc(6 * 1024 * 1024 + 123);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    writeFileSync(file, big);
    const fromFile = keyOf('v.mp4');
    await storage.putFile(fromFile, file);
    expect((await storage.read(fromFile)).equals(big)).toBe(true);

    const fromStream = keyOf('upload');
    const chunks = Array.from({ length: 7 }, (_, i) => big.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    await storage.write(fromStream, Readable.from(chunks));
    expect(await storage.sizeOf(fromStream)).toBe(big.length);
    expect((await bytesOf(storage.stream(fromStream))).equals(big)).toBe(true);
  });

  it('fails a write whose stream fails, before or while it is read', async () => {
    const failing = new PassThrough();
    // The write may not listen yet when the error comes (a busy machine runs the timer first); the
    // stream keeps its error for it either way, as the second case shows.
    failing.on('error', () => {});
    const written = storage.write(keyOf('upload'), failing);
    failing.write(Buffer.alloc(1000, 1));
    setTimeout(() => failing.destroy(new Error('client went away')), 20);
    expect((await errorOf(written)).message).toBe('client went away');

    const failed = new PassThrough();
    failed.on('error', () => {});
    failed.destroy(new Error('refused at once'));
    expect((await errorOf(storage.write(keyOf('upload'), failed))).message).toBe('refused at once');
  });

  it('streams a whole object or an inclusive byte range', async () => {
    const key = keyOf('v.mp4');
    await storage.put(key, Buffer.from('0123456789'));
    expect((await bytesOf(storage.stream(key))).toString()).toBe('0123456789');
    expect((await bytesOf(storage.stream(key, { start: 2, end: 5 }))).toString()).toBe('2345');
    expect((await bytesOf(storage.stream(key, { start: 9, end: 9 }))).toString()).toBe('9');
    const missing = storage.stream(keyOf('gone.mp4'));
    expect((await errorOf(bytesOf(missing))).code).toBe('ENOENT');
  });

  it('deletes a folder and only that folder', async () => {
    const folder = `uploads/${name.replace(/\W/g, '')}-${Date.now()}`;
    await storage.put(`${folder}/a`, Buffer.from('a'));
    await storage.put(`${folder}/sub/b`, Buffer.from('b'));
    await storage.put(`${folder}0/c`, Buffer.from('c'));
    await storage.deleteFolder(folder);
    expect((await errorOf(storage.read(`${folder}/a`))).code).toBe('ENOENT');
    expect((await errorOf(storage.read(`${folder}/sub/b`))).code).toBe('ENOENT');
    expect((await storage.read(`${folder}0/c`)).toString()).toBe('c');
    // A folder that is not there is already deleted.
    await storage.deleteFolder(`${folder}-none`);
  });

  it('refuses keys that leave the store', async () => {
    // Thrown or rejected, whichever the driver does.
    const attempt = (f: () => Promise<unknown>) => (async () => f())();
    await expect(attempt(() => storage.put('../outside.png', Buffer.from('x')))).rejects.toThrow(
      'invalid storage key',
    );
    await expect(attempt(() => storage.read('images/../../outside.png'))).rejects.toThrow(
      'invalid storage key',
    );
    expect(() => storage.stream('../outside.png')).toThrow('invalid storage key');
  });

  it('names media by the api URLs that check who may see it', () => {
    expect(storage.urlOf('videos/u/j.mp4')).toBe('/media/videos/u/j.mp4');
    expect(storage.privateUrlOf('images/u/i.png')).toBe('/media/private/images/u/i.png');
  });
});

describe('where a browser fetches media from', () => {
  it('on local disk, from the api itself', async () => {
    const local = new LocalStorage(mkdtempSync(path.join(os.tmpdir(), 'chorus-storage-')));
    expect(local.root).toBeTruthy();
    expect(local.localPathOf('images/u/i.png')).toBe(path.join(local.root!, 'images/u/i.png'));
    expect(await local.directUrlOf('images/u/i.png', { public: false })).toBeUndefined();
  });

  it('in an object store, from a short-lived presigned URL that answers Range and downloads', async () => {
    const storage = createStorage(settingsOf({ ...s3.env, S3_PRESIGNED_URL_TTL_SECONDS: '60' }), '/x');
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.root).toBeUndefined();
    expect(storage.localPathOf('images/u/i.png')).toBeUndefined();
    const key = `videos/${Date.now()}/clip.mp4`;
    await storage.put(key, Buffer.from('0123456789'));

    const url = (await storage.directUrlOf(key, { public: false }))!;
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/${key}?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(await whole.text()).toBe('0123456789');
    const part = await fetch(url, { headers: { Range: 'bytes=3-6' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('3456');

    const download = await fetch(
      (await storage.directUrlOf(key, { public: false, download: 'my clip.mp4' }))!,
    );
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="my clip.mp4"; filename*=UTF-8''my%20clip.mp4`,
    );
    // Public media without a CDN also goes by presigned URL.
    expect(await storage.directUrlOf(key, { public: true })).toContain('X-Amz-Signature=');
  });

  it('public media from the CDN base URL when one is set (downloads still presigned)', async () => {
    const storage = createStorage(settingsOf({ ...s3.env, S3_PUBLIC_BASE_URL: `${CDN}/` }), '/x');
    expect(await storage.directUrlOf('videos/u/j k.mp4', { public: true })).toBe(`${CDN}/videos/u/j%20k.mp4`);
    expect(await storage.directUrlOf('videos/u/j.mp4', { public: false })).toContain('X-Amz-Signature=');
    expect(await storage.directUrlOf('videos/u/j.mp4', { public: true, download: 'j.mp4' })).toContain(
      'X-Amz-Signature=',
    );
  });

  it("signs URLs for the origin browsers reach the store at, when not the api's", async () => {
    const outside = 'http://localhost:9000';
    const storage = createStorage(settingsOf({ ...s3.env, S3_PUBLIC_ENDPOINT: outside }), '/x');
    const url = (await storage.directUrlOf('videos/u/j.mp4', { public: false }))!;
    expect(url.startsWith(`${outside}/${s3.bucket}/videos/u/j.mp4?`)).toBe(true);
    // The api itself still talks to S3_ENDPOINT.
    await storage.put('videos/u/j.mp4', Buffer.from('inside'));
    expect((await storage.read('videos/u/j.mp4')).toString()).toBe('inside');
  });

  it('refuses an s3 driver without a bucket, or half a key pair', () => {
    expect(() => createStorage(settingsOf({ STORAGE_DRIVER: 's3' }), '/x')).toThrow(
      'S3_BUCKET: required when STORAGE_DRIVER=s3',
    );
    expect(() =>
      createStorage(settingsOf({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' }), '/x'),
    ).toThrow('S3_ACCESS_KEY_ID: set together with S3_SECRET_ACCESS_KEY');
    expect(createStorage(settingsOf({}), '/x')).toBeInstanceOf(LocalStorage);
  });
});
