import type { Readable } from 'node:stream';

/** How a browser will use a direct URL: shown to anyone (a published post's media) or to its owner only. */
export interface DirectUrlOptions {
  public: boolean;
  /** Served as an attachment under this name. */
  download?: string;
  /** The Content-Type to answer with, when the key's extension doesn't say it (uploads keep none). */
  contentType?: string;
}

/**
 * Where media lives (chat images, generated images, videos, thumbnails, uploads, exports). Keys are
 * unguessable paths like `images/<user>/<uuid>.png`. Local disk by default (LocalStorage); an
 * S3-compatible object store (s3Storage.ts) when several machines serve, chosen by STORAGE_DRIVER.
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
  /** Every object under a folder with when it was last written, a page at a time (the orphan sweep). */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * The object's public URL: served to anyone only while it is published (a public post's video
   * and thumbnail; see http/media.ts), with shared caching. Everything else answers 404 there.
   */
  urlOf(key: string): string;
  /**
   * The object's owner-only URL: on local disk a path the api serves after checking the session's
   * user owns it (`Cache-Control: private`). An object store answers the same path, and the api
   * redirects the owner to a short-lived presigned URL (`directUrlOf`).
   */
  privateUrlOf(key: string): string;
  /**
   * Where to send a browser for the object's bytes instead of serving them from this process: an
   * object store's presigned URL (or its public/CDN URL for public media); undefined on local disk.
   * Only called after the api decided the request may see the object.
   */
  directUrlOf(key: string, options: DirectUrlOptions): Promise<string | undefined>;
  /** The folder served under /media when stored on local disk; undefined for an object store. */
  readonly root: string | undefined;
}

/** An object as `list` finds it. */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}
