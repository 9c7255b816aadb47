import { useMutation } from '@apollo/client/react';
import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../../components/AppDialog';
import { runWithToast } from '../../../lib/mutationToast';
import { DeleteFileMutation, StorageUsageQuery } from '../graphql';

/** Deleting needs a confirmation; the file and its stored bytes go, and the storage card updates. */
export function DeleteFileDialog({
  file,
  onClose,
}: {
  file: { id: string; name: string };
  onClose: () => void;
}) {
  const [deleteFile, { loading }] = useMutation(DeleteFileMutation, {
    // The file leaves the cache (and so every page of the list read so far); a refetch would answer
    // only the first page. The storage card is asked again.
    update: (cache) => {
      cache.evict({ id: cache.identify({ __typename: 'StoredFile', id: file.id }) });
      cache.gc();
    },
    refetchQueries: [StorageUsageQuery],
    awaitRefetchQueries: true,
  });

  const onConfirm = async () => {
    const deleted = await runWithToast(() => deleteFile({ variables: { id: file.id } }), {
      success: { title: 'Deleted', description: `${file.name} was deleted.` },
      failure: { title: 'Could not delete file' },
    });
    if (deleted) onClose();
  };

  return (
    <ConfirmDialog title="Delete this file?" loading={loading} onConfirm={onConfirm} onClose={onClose}>
      <Text wordBreak="break-word">"{file.name}" will be deleted. This cannot be undone.</Text>
    </ConfirmDialog>
  );
}
