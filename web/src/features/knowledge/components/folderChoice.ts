import { t as appT, type Translate } from '../../../lib/i18n';
import { MAX_FILES, type PickedFile } from './useGrounding';

/** A file of a folder the picker was asked to add; a failed one cannot be read, so is not added. */
export interface FolderFile extends PickedFile {
  failed: boolean;
}

/**
 * Adds a folder's files to the picker's choice, newest first, as many as fit under MAX_FILES, and
 * says what happened in a sentence or three (in the app's language, or `t`'s): how many were added,
 * how many were there already, and what was left out (no room, unreadable, or beyond the page the
 * folder was read in: `more`).
 */
export function folderChoice(
  chosen: readonly PickedFile[],
  folderFiles: readonly FolderFile[],
  folderName: string,
  more: boolean,
  t: Translate = appT,
): { chosen: readonly PickedFile[]; note: string } {
  const folder = folderName;
  if (folderFiles.length === 0) return { chosen, note: t('"{folder}" has no files.', { folder }) };
  const already = new Set(chosen.map((f) => f.id));
  const readable = folderFiles.filter((f) => !f.failed);
  const fresh = readable.filter((f) => !already.has(f.id));
  const room = Math.max(0, MAX_FILES - chosen.length);
  const added = fresh.slice(0, room).map(({ id, name }) => ({ id, name }));
  const parts: string[] = [
    added.length > 0
      ? t('{count, plural, one {Added # file from "{folder}".} other {Added # files from "{folder}".}}', {
          count: added.length,
          folder,
        })
      : fresh.length === 0 && readable.length > 0
        ? t('Every file of "{folder}" is already chosen.', { folder })
        : t('Nothing added from "{folder}".', { folder }),
  ];
  const left = fresh.length - added.length;
  if (left > 0 || (more && added.length === room)) {
    parts.push(
      more
        ? t('More did not fit: at most {max} files per message. Untick some to make room.', {
            max: MAX_FILES,
          })
        : t(
            '{count, plural, one {# file did not fit: at most {max} files per message. Untick some to make room.} other {# files did not fit: at most {max} files per message. Untick some to make room.}}',
            { count: left, max: MAX_FILES },
          ),
    );
  } else if (more) {
    parts.push(t('The folder holds more files than the picker reads at once; only its newest were added.'));
  }
  const unreadable = folderFiles.length - readable.length;
  if (unreadable > 0)
    parts.push(
      t(
        '{count, plural, one {# file could not be read and was left out.} other {# files could not be read and were left out.}}',
        { count: unreadable },
      ),
    );
  return { chosen: [...chosen, ...added], note: parts.join(' ') };
}
