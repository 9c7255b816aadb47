import { MAX_FILES, type PickedFile } from './useGrounding';

/** A file of a folder the picker was asked to add; a failed one cannot be read, so is not added. */
export interface FolderFile extends PickedFile {
  failed: boolean;
}

const files = (n: number) => (n === 1 ? '1 file' : `${n} files`);

/**
 * Adds a folder's files to the picker's choice, newest first, as many as fit under MAX_FILES, and
 * says what happened in one sentence: how many were added, how many were there already, and what
 * was left out (no room, unreadable, or beyond the page the folder was read in: `more`).
 */
export function folderChoice(
  chosen: readonly PickedFile[],
  folderFiles: readonly FolderFile[],
  folderName: string,
  more: boolean,
): { chosen: readonly PickedFile[]; note: string } {
  if (folderFiles.length === 0) return { chosen, note: `"${folderName}" has no files.` };
  const already = new Set(chosen.map((f) => f.id));
  const readable = folderFiles.filter((f) => !f.failed);
  const fresh = readable.filter((f) => !already.has(f.id));
  const room = Math.max(0, MAX_FILES - chosen.length);
  const added = fresh.slice(0, room).map(({ id, name }) => ({ id, name }));
  const parts: string[] = [
    added.length > 0
      ? `Added ${files(added.length)} from "${folderName}".`
      : fresh.length === 0 && readable.length > 0
        ? `Every file of "${folderName}" is already chosen.`
        : `Nothing added from "${folderName}".`,
  ];
  const left = fresh.length - added.length;
  if (left > 0 || (more && added.length === room)) {
    parts.push(
      `${more ? 'More' : files(left)} did not fit: at most ${MAX_FILES} files per message. Untick some to make room.`,
    );
  } else if (more) {
    parts.push(`The folder holds more files than the picker reads at once; only its newest were added.`);
  }
  const unreadable = folderFiles.length - readable.length;
  if (unreadable > 0)
    parts.push(`${files(unreadable)} could not be read and ${unreadable === 1 ? 'was' : 'were'} left out.`);
  return { chosen: [...chosen, ...added], note: parts.join(' ') };
}
