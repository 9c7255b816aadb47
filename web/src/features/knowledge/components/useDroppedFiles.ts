import { useCallback } from 'react';
import { notify, notifyError } from '../../../components/toaster';
import { apiPostForm } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { type GroundingState, MAX_FILES, type PickedFile } from './useGrounding';

/**
 * Files dropped on the composer that are not images: each uploaded to My Files (POST /api/files,
 * where it is read into passages) and added to the files the chat reads. The server decides type,
 * size and quota; its reason is what the user sees when it refuses one. The others still go.
 */
export function useDroppedFiles(grounding: GroundingState) {
  const { files, pick } = grounding;
  return useCallback(
    async (dropped: File[]) => {
      const room = MAX_FILES - files.length;
      if (room <= 0) {
        notifyError(
          t('A chat reads at most {max} files', { max: MAX_FILES }),
          t('Remove one above the message box first.'),
        );
        return;
      }
      const taken = dropped.slice(0, room);
      if (taken.length < dropped.length)
        notify(
          'info',
          t('{count, plural, one {Only # more file fit} other {Only # more files fit}}', { count: room }),
          t('A chat reads at most {max} files.', { max: MAX_FILES }),
        );
      notify(
        'info',
        taken.length === 1
          ? t('Uploading {name}…', { name: taken[0]!.name })
          : t('Uploading {count} files…', { count: taken.length }),
      );
      const added: PickedFile[] = [];
      for (const file of taken) {
        const form = new FormData();
        form.append('file', file, file.name);
        try {
          const stored = await apiPostForm<{ id: string; name: string }>('/api/files', form);
          added.push({ id: stored.id, name: stored.name });
        } catch (error) {
          notifyError(
            t('{name} was not added', { name: file.name }),
            error instanceof Error ? error.message : undefined,
          );
        }
      }
      if (added.length > 0) pick([...files, ...added]);
    },
    [files, pick],
  );
}
