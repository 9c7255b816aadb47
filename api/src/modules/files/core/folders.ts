import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput, zodText } from '../../../platform/validation.ts';
import { requireOwned } from '../../accounts/core/ownedByUser.ts';
import { User } from '../../accounts/core/User.ts';
import { StoredFile } from './File.ts';
import { FileFolder } from './FileFolder.ts';
import { MY_FILES, requireFile } from './service.ts';

/**
 * Folders of My Files. Every read and write checks ownership: someone else's folder or file (or a
 * malformed id) is 404, as in modules/folders for chats.
 */

/** Folders per user: My Files' folder bar and the chat's file picker list them all. */
export const FILE_FOLDERS_PER_USER = 100;
export const FILE_FOLDER_NAME_MAX = 60;

const name = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: msg('Folder name is required') })
    .min(1, msg('Folder name cannot be empty'))
    .max(
      FILE_FOLDER_NAME_MAX,
      zodText(msg('Folder names are limited to {max} characters'), { max: FILE_FOLDER_NAME_MAX }),
    )
    // The JSON body guard refuses NUL already; GraphQL arguments come here directly.
    .refine((v) => !v.includes('\u0000'), msg('Folder names cannot contain NUL characters')),
);
const folderNameInput = z.object({ name });
const moveFileInput = z.object({
  folderId: z.string({ error: msg('folderId must be a folder id or null') }).nullable(),
});

/** A folder with how many of My Files it holds. */
export interface FileFolderView {
  id: string;
  name: string;
  fileCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** How many of My Files each folder holds: one grouped count over files_folder_id_index. */
async function fileCounts(
  em: EntityManager,
  userId: string,
  folderIds: string[],
): Promise<Map<string, number>> {
  if (folderIds.length === 0) return new Map();
  const rows = await em.execute<{ folder_id: string; n: number }[]>(
    `select folder_id, count(*)::int as n from files
      where user_id = ? and folder_id in (${folderIds.map(() => '?').join(', ')})
        and purpose in (${MY_FILES.map(() => '?').join(', ')})
      group by folder_id`,
    [userId, ...folderIds, ...MY_FILES],
  );
  return new Map(rows.map((r) => [r.folder_id, Number(r.n)]));
}

async function viewsOf(em: EntityManager, userId: string, folders: FileFolder[]): Promise<FileFolderView[]> {
  const counts = await fileCounts(
    em,
    userId,
    folders.map((f) => f.id),
  );
  return folders.map((f) => ({
    id: f.id,
    name: f.name,
    fileCount: counts.get(f.id) ?? 0,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  }));
}

/** The user's folders by name, each with its file count. */
export async function listFileFolders(em: EntityManager, userId: string): Promise<FileFolderView[]> {
  const folders = await em.find(FileFolder, { user: userId }, { orderBy: { name: 'asc', createdAt: 'asc' } });
  return viewsOf(em, userId, folders);
}

export async function requireFileFolder(em: EntityManager, userId: string, id: string): Promise<FileFolder> {
  return requireOwned(em, FileFolder, userId, id, 'Folder not found');
}

/**
 * A new folder. The user's row is locked while counting, so parallel creates at the cap cannot all
 * see room for one more.
 */
export async function createFileFolder(
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<FileFolderView> {
  const data = parseInput(folderNameInput, input);
  const folder = await em.transactional(async (tem) => {
    await tem.execute('select id from users where id = ? for update', [userId]);
    const [row] = await tem.execute<{ count: string }[]>(
      'select count(*) as count from file_folders where user_id = ?',
      [userId],
    );
    if (Number(row?.count ?? 0) >= FILE_FOLDERS_PER_USER) {
      throw textError(
        'CONFLICT',
        msg('You can have at most {max} folders in My Files: delete one to make another'),
        { max: FILE_FOLDERS_PER_USER },
      );
    }
    const created = tem.create(FileFolder, { user: tem.getReference(User, userId), name: data.name });
    await tem.flush();
    return created;
  });
  return {
    id: folder.id,
    name: folder.name,
    fileCount: 0,
    createdAt: folder.createdAt,
    updatedAt: folder.updatedAt,
  };
}

export async function renameFileFolder(
  em: EntityManager,
  userId: string,
  id: string,
  input: unknown,
): Promise<FileFolderView> {
  const folder = await requireFileFolder(em, userId, id);
  folder.name = parseInput(folderNameInput, input).name;
  await em.flush();
  const [view] = await viewsOf(em, userId, [folder]);
  return view!;
}

/** Deletes the folder; its files stay, in no folder (the foreign key sets them null). */
export async function deleteFileFolder(em: EntityManager, userId: string, id: string): Promise<void> {
  const folder = await requireFileFolder(em, userId, id);
  await em.remove(folder).flush();
}

/** Puts one of the user's My Files in one of their folders, or in none (null). */
export async function moveFileToFolder(
  em: EntityManager,
  userId: string,
  fileId: string,
  input: unknown,
): Promise<StoredFile> {
  const file = await requireFile(em, userId, fileId);
  const { folderId } = parseInput(moveFileInput, input);
  const folder = folderId === null ? null : await requireFileFolder(em, userId, folderId);
  await em.nativeUpdate(StoredFile, { id: file.id, user: userId }, { folder: folder?.id ?? null });
  return em.refreshOrFail(file);
}

/** The folder id a file row names (a reference or a bare id), or null. */
export const folderIdOf = (file: StoredFile): string | null =>
  file.folder ? (typeof file.folder === 'object' ? file.folder.id : String(file.folder)) : null;
