import { createReadStream } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DirectUrlOptions, Storage, StoredObject } from './storageTypes.ts';

export interface S3Settings {
  bucket: string;
  /** Any S3-compatible origin (MinIO, R2, Ceph…); AWS's own when unset. */
  endpoint?: string;
  /** The store's origin as browsers reach it, when not `endpoint` (presigned URLs are signed for it). */
  publicEndpoint?: string;
  region: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Without them, the SDK's own chain (AWS_* variables, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Public media is sent there (`<base>/<key>`): a CDN, or the bucket's public URL. */
  publicBaseUrl?: string;
  /** How long a presigned URL works. */
  presignedUrlSeconds: number;
}

/** Content types by extension, so objects fetched straight from the store are typed as from disk. */
const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.zip': 'application/zip',
};
const contentTypeOf = (key: string) =>
  CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** A multipart upload's part size (S3's minimum), and how many parts are sent at once. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** A key that names one object: no empty, `.` or `..` segment, no leading `/`, no backslash or NUL. */
function checkedKey(key: string): string {
  const segments = key.split('/');
  if (!key || /[\\\0]/.test(key) || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}

/** A missing object fails as a missing file does on disk (`code: 'ENOENT'`). */
function asMissing(err: unknown, key: string): unknown {
  if (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  ) {
    return Object.assign(new Error(`no such object: ${key}`), { code: 'ENOENT', cause: err });
  }
  return err;
}

/** `attachment; filename="…"` with the UTF-8 form beside the plain one (as Express's res.attachment). */
function attachment(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Media in an S3-compatible object store (AWS S3, Cloudflare R2, MinIO, Ceph…), so api replicas and
 * workers on different machines share it. The api still answers /media URLs (it checks who may see
 * what); it then redirects to the store: public media to `S3_PUBLIC_BASE_URL` when set (else to a
 * presigned URL), private media to a short-lived presigned URL only.
 */
export class S3Storage implements Storage {
  readonly root = undefined;
  readonly client: S3Client;
  /** Presigns URLs (offline: it never connects); `client` itself unless browsers reach the store elsewhere. */
  private readonly signer: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = this.clientFor(settings.endpoint);
    this.signer = settings.publicEndpoint ? this.clientFor(settings.publicEndpoint) : this.client;
  }

  private clientFor(endpoint: string | undefined): S3Client {
    const settings = this.settings;
    return new S3Client({
      region: settings.region,
      endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's newer
      // default (CRC32 trailers on every upload).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private get bucket(): string {
    return this.settings.bucket;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(key),
        Body: bytes,
        ContentType: contentTypeOf(key),
      }),
    );
  }

  async putFile(key: string, localFile: string): Promise<void> {
    await this.write(checkedKey(key), createReadStream(localFile));
  }

  async sizeOf(key: string): Promise<number> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (err) {
      throw asMissing(err, key);
    }
  }

  localPathOf(): undefined {
    return undefined;
  }

  async write(key: string, source: Readable): Promise<void> {
    checkedKey(key);
    // A stream that failed before we got it (an upload refused at once) fails the write, as on disk.
    if (source.errored) throw source.errored;
    // One PUT for what fits in a part, a multipart upload beyond; parts in flight are all that is
    // held in memory. A failing source aborts the upload (nothing is left in the bucket).
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: source, ContentType: contentTypeOf(key) },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
    });
    const failed = new Promise<never>((_resolve, reject) => {
      source.once('error', (err) => {
        void upload.abort().catch(() => {});
        reject(err);
      });
    });
    failed.catch(() => {});
    await Promise.race([upload.done(), failed]);
  }

  async read(key: string): Promise<Buffer> {
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return Buffer.from(await got.Body!.transformToByteArray());
    } catch (err) {
      throw asMissing(err, key);
    }
  }

  stream(key: string, range?: { start: number; end: number }): Readable {
    checkedKey(key);
    const out = new PassThrough();
    const abort = new AbortController();
    out.once('close', () => abort.abort());
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
        { abortSignal: abort.signal },
      )
      .then(
        (got) => {
          const body = got.Body as Readable;
          if (out.destroyed) {
            body.destroy();
            return;
          }
          out.once('close', () => body.destroy());
          body.once('error', (err) => out.destroy(err));
          body.pipe(out);
        },
        (err: unknown) => out.destroy(asMissing(err, key) as Error),
      );
    return out;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }

  async deleteFolder(prefix: string): Promise<void> {
    const folder = `${checkedKey(prefix.replace(/\/+$/, ''))}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      // A page holds at most 1,000 keys, as many as one DeleteObjects takes.
      if (keys.length) {
        const done = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        if (done.Errors?.length) {
          throw new Error(
            `${done.Errors.length} objects under ${folder} not deleted: ${done.Errors[0]?.Message}`,
          );
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const folder = `${checkedKey(prefix.replace(/\/+$/, ''))}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key && o.LastModified) yield { key: o.Key, modifiedAt: o.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  urlOf(key: string): string {
    return `/media/${key}`;
  }

  privateUrlOf(key: string): string {
    return `/media/private/${key}`;
  }

  async directUrlOf(key: string, options: DirectUrlOptions): Promise<string> {
    checkedKey(key);
    const base = this.settings.publicBaseUrl;
    if (options.public && base && options.download === undefined) {
      return `${base.replace(/\/+$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
    }
    return getSignedUrl(
      this.signer,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: options.download === undefined ? undefined : attachment(options.download),
        ResponseContentType: options.contentType,
      }),
      { expiresIn: this.settings.presignedUrlSeconds },
    );
  }
}
