import { useMutation } from '@apollo/client/react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { readApiFailure } from '../../../graphql/errors';
import { DeleteFileMutation, MyFilesQuery } from '../graphql';

/** Deleting needs a confirmation; the file and its stored bytes go, and the storage card updates. */
export function DeleteFileDialog({
  file,
  onClose,
}: {
  file: { id: string; name: string };
  onClose: () => void;
}) {
  const [deleteFile, { loading }] = useMutation(DeleteFileMutation, {
    refetchQueries: [MyFilesQuery],
    awaitRefetchQueries: true,
  });

  const onConfirm = async () => {
    try {
      await deleteFile({ variables: { id: file.id } });
      notifySuccess('Deleted', `${file.name} was deleted.`);
      onClose();
    } catch (error) {
      const failure = readApiFailure(error);
      notifyError(
        'Could not delete file',
        failure.kind === 'rejected' ? failure.message : 'Please try again.',
      );
    }
  };

  return (
    <Dialog.Root
      open
      role="alertdialog"
      onOpenChange={(details) => (details.open ? null : onClose())}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Delete this file?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text wordBreak="break-word">"{file.name}" will be deleted. This cannot be undone.</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={loading} onClick={() => void onConfirm()}>
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
