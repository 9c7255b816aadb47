import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { S3Storage } from './s3Storage.ts';
import type { DirectUrlOptions, Storage, StoredObject } from './storageTypes.ts';

export type { DirectUrlOptions, Storage, StoredObject } from './storageTypes.ts';

export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, bytes);
  }

  async putFile(key: string, localFile: string): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    await copyFile(localFile, full);
  }

  async sizeOf(key: string): Promise<number> {
    return (await stat(this.pathOf(key))).size;
  }

  localPathOf(key: string): string {
    return this.pathOf(key);
  }

  async write(key: string, source: Readable): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    await pipeline(source, createWriteStream(full));
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  stream(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deleteFolder(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const folder = this.pathOf(prefix.replace(/\/+$/, ''));
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      },
    );
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const info = await stat(full).catch(() => null);
      if (!info) continue; // deleted meanwhile
      yield { key: path.relative(this.root, full).split(path.sep).join('/'), modifiedAt: info.mtime };
    }
  }

  urlOf(key: string): string {
    return `/media/${key}`;
  }

  privateUrlOf(key: string): string {
    return `/media/private/${key}`;
  }

  async directUrlOf(_key: string, _options: DirectUrlOptions): Promise<undefined> {
    return undefined;
  }
}

/** The storage settings (`.env.example`, "Media storage"); part of the api's and the worker's config. */
export const storageConfigShape = {
  /** Where media is kept: `local` disk (STORAGE_DIR), or an S3-compatible object store (`s3`). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The store's origin (MinIO, R2, Ceph…); AWS S3 itself when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  /** The store's origin as browsers reach it, when not S3_ENDPOINT (presigned URLs are signed for it). */
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** `true`: `endpoint/bucket/key` URLs (MinIO and most self-hosted stores); else `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** Both or neither; without them the AWS SDK's own chain (AWS_* variables, an instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where public media is fetched from (a CDN, or the bucket's public URL); else presigned URLs. */
  S3_PUBLIC_BASE_URL: z.string().url().optional(),
  /** How long a presigned URL works (private media, downloads); SigV4 allows up to 7 days. */
  S3_PRESIGNED_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 3600)
    .default(15 * 60),
};

type StorageConfig = z.output<z.ZodObject<typeof storageConfigShape>>;

/** What is wrong with the storage settings as a whole (each one alone is checked by its schema). */
export function storageConfigIssues(c: StorageConfig): string[] {
  const issues: string[] = [];
  if (c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET) issues.push('S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    issues.push('S3_ACCESS_KEY_ID: set together with S3_SECRET_ACCESS_KEY, or neither');
  }
  return issues;
}

/** The store the settings choose: local disk under `storageDir` unless STORAGE_DRIVER=s3. */
export function createStorage(c: StorageConfig, storageDir: string): Storage {
  const issues = storageConfigIssues(c);
  if (issues.length) throw new Error(`Invalid configuration:\n${issues.map((i) => `  ${i}`).join('\n')}`);
  if (c.STORAGE_DRIVER === 'local') return new LocalStorage(storageDir);
  return new S3Storage({
    bucket: c.S3_BUCKET!,
    endpoint: c.S3_ENDPOINT,
    publicEndpoint: c.S3_PUBLIC_ENDPOINT,
    region: c.S3_REGION,
    forcePathStyle: c.S3_FORCE_PATH_STYLE === 'true',
    accessKeyId: c.S3_ACCESS_KEY_ID,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    publicBaseUrl: c.S3_PUBLIC_BASE_URL,
    presignedUrlSeconds: c.S3_PRESIGNED_URL_TTL_SECONDS,
  });
}
