import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  FileUpload,
  Icon,
  Portal,
  Progress,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuUpload } from 'react-icons/lu';
import { notifyError, notifySuccess } from '../toaster';
import { formatBytes } from './fileFormat';
import { useFileUpload } from './useFileUpload';

const NO_FILES: File[] = [];

/**
 * Spec §2 My Files upload dialog: drop a file or choose one; it uploads at once with progress.
 * The type is decided by the server from the file's content, so nothing is filtered here.
 */
export function UploadDialog({
  open,
  onClose,
  onUploaded,
  maxUploadBytes,
  roomBytes,
}: {
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
  maxUploadBytes: number;
  roomBytes: number;
}) {
  const { state, upload, cancel } = useFileUpload();
  const uploading = state.status === 'uploading';

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const stored = await upload(file);
    if (stored) {
      notifySuccess('File uploaded', `${stored.name} was added to My Files.`);
      onUploaded();
      onClose();
    } else {
      notifyError('Upload failed', 'See the upload dialog for the reason.');
    }
  };

  const close = () => {
    cancel();
    onClose();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => (details.open ? null : close())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Upload a file</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <FileUpload.Root
                  maxFiles={1}
                  acceptedFiles={NO_FILES}
                  disabled={uploading}
                  onFileAccept={(details) => void onFile(details.files[0])}
                  alignItems="stretch"
                >
                  <FileUpload.HiddenInput aria-label="File to upload" />
                  <FileUpload.Dropzone minH="36" width="full">
                    <Icon size="md" color="fg.muted">
                      <LuUpload />
                    </Icon>
                    <FileUpload.DropzoneContent>
                      <Text fontWeight="medium">Drag and drop a file here, or click to choose one</Text>
                      <Text color="fg.muted" fontSize="sm">
                        Images, audio, video, PDF, Office documents, archives or text, up to{' '}
                        {formatBytes(Math.min(maxUploadBytes, roomBytes))}
                      </Text>
                    </FileUpload.DropzoneContent>
                  </FileUpload.Dropzone>
                </FileUpload.Root>
                {state.status === 'uploading' ? (
                  <Progress.Root
                    value={Math.round(state.progress * 100)}
                    aria-label={`Uploading ${state.name}`}
                  >
                    <Text fontSize="sm" mb="1" truncate>
                      Uploading {state.name}… {Math.round(state.progress * 100)}%
                    </Text>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                ) : null}
                {state.status === 'failed' ? (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>Could not upload {state.name}</Alert.Title>
                      <Alert.Description>{state.message}</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                {uploading ? 'Cancel upload' : 'Close'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
