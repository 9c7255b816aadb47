import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fileTypeFromBuffer } from 'file-type';
import { badInput, notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { Storage } from '../../../platform/storage.ts';
import { User } from '../../accounts/core/User.ts';
import { StoredFile } from './File.ts';
import { insertWithinQuota, keepStoredFile } from './service.ts';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The image types a chat accepts (attached, generated or imported). */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const IMAGE_TYPES = new Set<string>(CHAT_IMAGE_TYPES);

/**
 * Stores an image a user attached (or pasted) in the composer. The type is read from the bytes,
 * never trusted from the name or the browser.
 */
export async function saveChatImage(
  em: EntityManager,
  storage: Storage,
  userId: string,
  upload: { name: string; bytes: Buffer },
): Promise<StoredFile> {
  if (upload.bytes.length === 0) throw badInput(msg('The image is empty'));
  if (upload.bytes.length > IMAGE_MAX_BYTES) throw badInput(msg('Images can be at most 10 MB'));
  const type = await fileTypeFromBuffer(upload.bytes);
  if (!type || !IMAGE_TYPES.has(type.mime))
    throw badInput(msg('Only PNG, JPEG, GIF and WebP images can be attached'));
  // An attachment is the user's own upload, so it is held to their storage quota like My Files.
  const key = `images/${userId}/${randomUUID()}.${type.ext}`;
  await storage.put(key, upload.bytes);
  return keepStoredFile(em, storage, userId, {
    name: upload.name.slice(0, 255) || `image.${type.ext}`,
    contentType: type.mime,
    size: upload.bytes.length,
    storageKey: key,
    purpose: 'chat_image',
  });
}

/**
 * Stores an image of an imported chat (or of a shared chat being continued) as the user's own chat
 * image, held to their quota like an attachment. Its type is read from its bytes (the file's claim is not trusted);
 * it throws a message for the import to show. `em` is the import's transaction: the quota lock
 * is held to its commit, so the images of one import are counted together, and the caller
 * deletes the stored objects (`stored` lists them) if the transaction rolls back.
 */
export async function storeImportedImage(
  em: EntityManager,
  storage: Storage,
  userId: string,
  image: { name: string; bytes: Buffer },
  stored: string[],
): Promise<string> {
  const type = await fileTypeFromBuffer(image.bytes);
  if (!type || !IMAGE_TYPES.has(type.mime))
    throw textError('BAD_USER_INPUT', msg('"{name}" is not a PNG, JPEG, GIF or WebP image'), {
      name: image.name,
    });
  const key = `images/${userId}/${randomUUID()}.${type.ext}`;
  await storage.put(key, image.bytes);
  stored.push(key);
  await insertWithinQuota(em, userId, {
    name: image.name.slice(0, 255) || `image.${type.ext}`,
    contentType: type.mime,
    size: image.bytes.length,
    storageKey: key,
    purpose: 'chat_image',
  });
  return key;
}

/**
 * Stores an image an assistant made. It counts toward the quota but is never refused for it: the
 * work is done (and paid for) by then, and the next upload is where the user meets the limit.
 */

export async function storeImage(
  em: EntityManager,
  storage: Storage,
  userId: string,
  image: { name: string; bytes: Buffer; contentType: string; ext: string },
  purpose: 'chat_image' | 'generated_image',
): Promise<StoredFile> {
  const key = `images/${userId}/${randomUUID()}.${image.ext}`;
  await storage.put(key, image.bytes);
  const file = em.create(StoredFile, {
    user: em.getReference(User, userId),
    name: image.name.slice(0, 255) || `image.${image.ext}`,
    contentType: image.contentType,
    size: image.bytes.length,
    storageKey: key,
    purpose,
  });
  await em.flush();
  return file;
}

/** The user's own chat images by id; anything else is "not found". */
export async function requireOwnImages(
  em: EntityManager,
  userId: string,
  ids: string[],
): Promise<StoredFile[]> {
  if (ids.length === 0) return [];
  if (ids.length > 4) throw badInput(msg('Attach at most 4 images to a message'));
  const files = await em.find(StoredFile, {
    id: { $in: ids },
    user: userId,
    contentType: { $in: [...IMAGE_TYPES] },
  });
  if (files.length !== new Set(ids).size) throw notFound(msg('Image not found'));
  return files;
}

/** A data URL the model providers accept for an attached image. */
export async function dataUrlOf(storage: Storage, key: string): Promise<string> {
  const bytes = await storage.read(key);
  const type = (await fileTypeFromBuffer(bytes))?.mime ?? 'image/png';
  return `data:${type};base64,${bytes.toString('base64')}`;
}
