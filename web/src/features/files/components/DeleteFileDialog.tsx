import { useApolloClient, useMutation } from '@apollo/client/react';
import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../../components/AppDialog';
import { useT } from '../../../lib/i18n';
import { runWithToast } from '../../../lib/mutationToast';
import { DeleteFileMutation, FileFoldersQuery, StorageUsageQuery } from '../graphql';

/** Deleting needs a confirmation; the file and its stored bytes go, and the storage card updates. */
export function DeleteFileDialog({
  file,
  onClose,
}: {
  file: { id: string; name: string };
  onClose: () => void;
}) {
  const t = useT();
  const { cache } = useApolloClient();
  const [deleteFile, { loading }] = useMutation(DeleteFileMutation, {
    // The folders' counts too: the file may have been in one.
    refetchQueries: [StorageUsageQuery, FileFoldersQuery],
    awaitRefetchQueries: true,
  });

  const onConfirm = async () => {
    const deleted = await runWithToast(() => deleteFile({ variables: { id: file.id } }), {
      success: { title: t('Deleted'), description: t('{name} was deleted.', { name: file.name }) },
      failure: { title: t('Could not delete file') },
    });
    if (!deleted) return;
    // Once the storage card has its new figures, the file leaves the cache, and so every page of the
    // list read so far: a refetch of the list would answer only its first page.
    cache.evict({ id: cache.identify({ __typename: 'StoredFile', id: file.id }) });
    cache.gc();
    onClose();
  };

  return (
    <ConfirmDialog title={t('Delete this file?')} loading={loading} onConfirm={onConfirm} onClose={onClose}>
      <Text wordBreak="break-word">
        {t('"{name}" will be deleted. This cannot be undone.', { name: file.name })}
      </Text>
    </ConfirmDialog>
  );
}
