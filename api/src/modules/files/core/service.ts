import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { formatBytes, notEnoughStorage, storageQuotaBytes } from '@chorus/shared/fileLimits';
import { isPaid, type PlanType } from '@chorus/shared/plans';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { lockUntilCommit } from '../../../platform/db.ts';
import { AppError, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { decodeKeyset, encodeKeyset, keysetAt } from '../../../platform/keysetCursor.ts';
import { logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage.ts';
import { pageCursor, pageSize, parseInput } from '../../../platform/validation.ts';
import { requireOwned } from '../../accounts/core/ownedByUser.ts';
import { User } from '../../accounts/core/User.ts';
import { currentPlan } from '../../billing/core/currentPlan.ts';
import { StoredFile } from './File.ts';
import { FileFolder } from './FileFolder.ts';
import { ContentInspector } from './inspect.ts';

export interface StorageUsage {
  plan: PlanType;
  usedBytes: number;
  quotaBytes: number;
  /** The parts of `usedBytes`: My Files uploads, chat and generated images, videos with thumbnails. */
  uploadsBytes: number;
  imagesBytes: number;
  videosBytes: number;
}

/** What the user's files take now against their plan's quota. */
export async function storageUsage(em: EntityManager, userId: string): Promise<StorageUsage> {
  const plan = await currentPlan(em, userId);
  const rows = await em.execute<{ purpose: StoredFile['purpose']; bytes: number }[]>(
    'select purpose, sum(size)::float8 as bytes from files where user_id = ? group by purpose',
    [userId],
  );
  const of = (...purposes: StoredFile['purpose'][]) =>
    rows.filter((r) => purposes.includes(r.purpose)).reduce((sum, r) => sum + Number(r.bytes), 0);
  return {
    plan,
    quotaBytes: storageQuotaBytes[plan],
    usedBytes: of('upload', 'chat_image', 'generated_image', 'video', 'thumbnail', 'video_frame'),
    uploadsBytes: of('upload'),
    imagesBytes: of('chat_image', 'generated_image'),
    // A frame taken from a video to start another is video media too.
    videosBytes: of('video', 'thumbnail', 'video_frame'),
  };
}

/**
 * A file that does not fit: the room left rounded down and the file (when its size is known) rounded
 * up, so the message never shows it as fitting (packages/shared/src/fileLimits.ts).
 */
function quotaExceeded(plan: PlanType, usedBytes: number, fileBytes?: number): AppError {
  const quota = storageQuotaBytes[plan];
  const message = notEnoughStorage({
    leftBytes: quota - usedBytes,
    quotaBytes: quota,
    fileBytes,
    upgradeQuotaBytes: isPaid(plan) ? undefined : storageQuotaBytes.monthly,
  });
  return new AppError('PAYLOAD_TOO_LARGE', message, isPaid(plan) ? undefined : { upgradeUrl: '/plans' });
}

const tooLarge = (maxBytes: number) =>
  textError('PAYLOAD_TOO_LARGE', msg('Files can be at most {size}'), { size: formatBytes(maxBytes) });

type NewFile = Pick<StoredFile, 'name' | 'contentType' | 'size' | 'storageKey' | 'purpose'>;

/**
 * Records a stored object as the user's file only if it fits their quota, atomically: a per-user
 * transaction lock lets one insert at a time past the check, and the sum is read by a statement
 * that starts after the lock is held (so it sees every file committed before), which means
 * concurrent uploads can never overshoot the quota between them.
 */
export async function insertWithinQuota(
  em: EntityManager,
  userId: string,
  file: NewFile,
): Promise<StoredFile> {
  return em.transactional(async (tem) => {
    await lockUntilCommit(tem, `files:${userId}`);
    const plan = await currentPlan(tem, userId);
    const [row] = await tem.execute<{ used: number }[]>(
      'select coalesce(sum(size), 0)::float8 as used from files where user_id = ?',
      [userId],
    );
    const used = Number(row?.used ?? 0);
    if (used + file.size > storageQuotaBytes[plan]) throw quotaExceeded(plan, used, file.size);
    const created = tem.create(StoredFile, { ...file, user: tem.getReference(User, userId) });
    await tem.flush();
    return created;
  });
}

/**
 * Records an object already written to storage as the user's file (insertWithinQuota). When that is
 * refused (over quota) or fails, the object is deleted: nothing stays in storage that no file owns.
 */
export async function keepStoredFile(
  em: EntityManager,
  storage: Pick<Storage, 'delete'>,
  userId: string,
  file: NewFile,
): Promise<StoredFile> {
  try {
    return await insertWithinQuota(em, userId, file);
  } catch (err) {
    await storage.delete(file.storageKey);
    throw err;
  }
}

/** A display name from whatever the browser sent: no folders, no control characters. */
function cleanName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name.slice(0, 255) || 'file';
}

/**
 * Stores an upload to My Files as it streams in. Its type comes from its bytes (see inspect.ts);
 * it is refused, and nothing kept, when it passes the size limit or the room left in the quota.
 */
export async function uploadFile(
  em: EntityManager,
  storage: Storage,
  userId: string,
  upload: { name: string; stream: Readable; maxBytes: number },
): Promise<StoredFile> {
  const name = cleanName(upload.name);
  // An early refusal while streaming; the atomic check at the end is the one that counts.
  const usage = await storageUsage(em, userId);
  const room = Math.max(0, usage.quotaBytes - usage.usedBytes);
  const inspector = new ContentInspector(name, Math.min(upload.maxBytes, room), () =>
    upload.maxBytes <= room ? tooLarge(upload.maxBytes) : quotaExceeded(usage.plan, usage.usedBytes),
  );
  const key = `uploads/${userId}/${randomUUID()}`;
  upload.stream.on('error', (err) => inspector.destroy(err));
  // A refusal can come before storage starts reading; storage.write still sees it (the stream is
  // errored), this only keeps it from being an unhandled 'error' event meanwhile.
  inspector.on('error', () => {});
  upload.stream.pipe(inspector);
  try {
    await storage.write(key, inspector);
  } catch (err) {
    // Let the rest of the request body drain so the refusal can be answered.
    upload.stream.unpipe(inspector);
    upload.stream.resume();
    await storage.delete(key);
    throw err;
  }
  const { size, contentType } = inspector.result;
  return keepStoredFile(em, storage, userId, { name, contentType, size, storageKey: key, purpose: 'upload' });
}

/**
 * What My Files shows and lets its owner download and delete: uploads, and the frames taken from a
 * video to start another (theirs, counted against their storage, so theirs to see and remove).
 * Chat images and videos live in their own pages.
 */
export const MY_FILES: StoredFile['purpose'][] = ['upload', 'video_frame'];

export interface FilePage {
  files: StoredFile[];
  /** Pass as `after` (REST: `cursor`) for the next page; null on the last page. */
  nextCursor: string | null;
}

const filePageInput = ({ max, fallback }: { max: number; fallback: number }) =>
  z.object({
    limit: pageSize(max).default(fallback),
    after: pageCursor.optional(),
    folderId: z.string({ error: msg('folderId must be a folder id') }).optional(),
  });

/**
 * One page of the user's My Files, newest first: a keyset page on (created_at, id), read in order
 * from files_user_created_idx, so the thousandth file costs what the first does. `folderId` keeps
 * the files of one of the user's folders (core/folders.ts); someone else's folder is 404.
 */
export async function filePage(
  em: EntityManager,
  userId: string,
  query: unknown,
  size = { max: 100, fallback: 50 },
): Promise<FilePage> {
  const { limit, after, folderId } = parseInput(filePageInput(size), query ?? {});
  const position = after ? decodeKeyset(after, 'after') : null;
  if (folderId !== undefined) await requireOwned(em, FileFolder, userId, folderId, 'Folder not found');
  const rows = await em.execute<(Record<string, unknown> & { cursor_at: string; id: string })[]>(
    `select f.*, ${keysetAt('f.created_at')} as cursor_at from files f
      where f.user_id = ? and f.purpose in (${MY_FILES.map(() => '?').join(', ')})
        ${folderId !== undefined ? 'and f.folder_id = ?' : ''}
        ${position ? 'and (f.created_at, f.id) < (?::timestamptz, ?::uuid)' : ''}
      order by f.created_at desc, f.id desc limit ?`,
    [
      userId,
      ...MY_FILES,
      ...(folderId !== undefined ? [folderId] : []),
      ...(position ? [position.at, position.id] : []),
      limit + 1,
    ],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    files: page.map(({ cursor_at: _at, ...row }) => em.map(StoredFile, row)),
    nextCursor: rows.length > limit && last ? encodeKeyset({ at: last.cursor_at, id: last.id }) : null,
  };
}

/** One of the user's own My Files; anyone else's (or a malformed id) is simply "not found". */
export async function requireFile(em: EntityManager, userId: string, id: string): Promise<StoredFile> {
  return requireOwned(em, StoredFile, userId, id, 'File not found', { purpose: { $in: MY_FILES } });
}

/** Removes the row (freeing the quota at once) and then the stored bytes. */
export async function deleteFile(
  em: EntityManager,
  storage: Storage,
  userId: string,
  id: string,
): Promise<void> {
  const file = await requireFile(em, userId, id);
  await em.remove(file).flush();
  try {
    await storage.delete(file.storageKey);
  } catch (err) {
    logger.error({ err, key: file.storageKey }, 'could not delete a stored file; its row is gone');
  }
}
