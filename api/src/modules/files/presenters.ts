import type { FileKnowledge } from '../knowledge/core/status.ts';
import type { StoredFile } from './core/File.ts';
import { folderIdOf } from './core/folders.ts';

/** Where the owner downloads a file (the REST shim streams it, with Range support). */
export const downloadUrlOf = (f: StoredFile): string => `/api/files/${f.id}/download`;

/**
 * The spec's file shape (id, name, type, size, uploadedAt) plus where to download it and how far
 * it has been read for the assistants (modules/knowledge), and its folder.
 */
export const presentFile = (f: StoredFile, knowledge: FileKnowledge) => ({
  id: f.id,
  name: f.name,
  type: f.contentType,
  size: f.size,
  uploadedAt: f.createdAt,
  downloadUrl: downloadUrlOf(f),
  /** The My Files folder it is in; null for none. */
  folderId: folderIdOf(f),
  knowledge,
});
