import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where media lives (chat images, generated images, videos, thumbnails, uploads). Keys are
 * unguessable paths like `images/<user>/<uuid>.png`. Local disk by default; the interface is what
 * an S3-compatible store would implement when several machines serve.
 */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** Stores a file from local disk (videos are too big to hold in memory). */
  putFile(key: string, localFile: string): Promise<void>;
  sizeOf(key: string): Promise<number>;
  /** The object's path on this machine when stored on local disk (lets HTTP serve Range requests from it). */
  localPathOf(key: string): string | undefined;
  /** Writes a stream as it arrives (uploads are never held whole in memory); rejects if the stream fails. */
  write(key: string, source: Readable): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** The object's bytes, or only `start..end` (inclusive) for an HTTP Range request. */
  stream(key: string, range?: { start: number; end: number }): Readable;
  delete(key: string): Promise<void>;
  /** Removes everything under a folder (a deleted account's media). */
  deleteFolder(prefix: string): Promise<void>;
  /**
   * The object's public URL: served to anyone only while it is published (a public post's video
   * and thumbnail; see http/media.ts), with shared caching. Everything else answers 404 there.
   */
  urlOf(key: string): string;
  /**
   * The object's owner-only URL: on local disk a path the api serves after checking the session's
   * user owns it (`Cache-Control: private`); an object store would answer a short-lived presigned URL.
   */
  privateUrlOf(key: string): string;
  /** The folder served under /media when stored on local disk. */
  readonly root: string;
}

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

  urlOf(key: string): string {
    return `/media/${key}`;
  }

  privateUrlOf(key: string): string {
    return `/media/private/${key}`;
  }
}
