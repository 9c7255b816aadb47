import { Box, Button, Icon, Progress, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { AppDialog } from '../../../components/AppDialog';
import { Notice } from '../../../components/Notice';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { useT } from '../../../lib/i18n';
import { formatBytes } from './fileFormat';
import { type UploadedFile, useFileUpload } from './useFileUpload';

/**
 * A drop target that is also a button (click, Enter or Space opens the file picker). Drops are read
 * from `dataTransfer.files`, which every browser fills for files dragged in.
 */
function Dropzone({
  disabled,
  onFile,
  hint,
}: {
  disabled: boolean;
  onFile: (file: File) => void;
  hint: string;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        aria-label={t('File to upload')}
        hidden
        onChange={(event) => {
          take(event.target.files);
          event.target.value = ''; // the same file can be chosen again after a refusal
        }}
      />
      <Box
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled}
        data-testid="dropzone"
        data-dragging={over ? '' : undefined}
        onClick={() => !disabled && input.current?.click()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            if (!disabled) input.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          take(event.dataTransfer.files);
        }}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={over ? 'colorPalette.solid' : 'border'}
        bg={over ? 'colorPalette.subtle' : undefined}
        rounded="l2"
        minH="36"
        px="4"
        py="6"
        display="flex"
        flexDirection="column"
        alignItems="center"
        justifyContent="center"
        gap="2"
        textAlign="center"
        cursor={disabled ? 'not-allowed' : 'pointer'}
        opacity={disabled ? 0.6 : 1}
        focusRing="outside"
      >
        <Icon size="md" color="fg.muted">
          <LuUpload />
        </Icon>
        <Text fontWeight="medium">{t('Drag and drop a file here, or click to choose one')}</Text>
        <Text color="fg.muted" fontSize="sm">
          {hint}
        </Text>
      </Box>
    </>
  );
}

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
  /** The stored file (its id and name), e.g. to file it in the folder on show. */
  onUploaded: (file: UploadedFile) => void;
  maxUploadBytes: number;
  roomBytes: number;
}) {
  const t = useT();
  const { state, upload, cancel } = useFileUpload();
  const uploading = state.status === 'uploading';

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const stored = await upload(file);
    if (stored) {
      notifySuccess(t('File uploaded'), t('{name} was added to My Files.', { name: stored.name }));
      onUploaded(stored);
      onClose();
    } else {
      notifyError(t('Upload failed'), t('See the upload dialog for the reason.'));
    }
  };

  const close = () => {
    cancel();
    onClose();
  };

  return (
    <AppDialog
      open={open}
      onClose={close}
      title={t('Upload a file')}
      footer={
        <Button variant="outline" onClick={close}>
          {uploading ? t('Cancel upload') : t('Close')}
        </Button>
      }
    >
      <Stack gap="4">
        <Dropzone
          disabled={uploading}
          onFile={(file) => void onFile(file)}
          // The room rounded down: a file it refuses never reads as fitting (fileLimits.ts).
          hint={t('Images, audio, video, PDF, Office documents, archives or text, up to {size}', {
            size: formatBytes(Math.min(maxUploadBytes, roomBytes), 'down'),
          })}
        />
        {state.status === 'uploading' ? (
          <Progress.Root
            value={Math.round(state.progress * 100)}
            translations={{ value: () => t('Uploading {name}', { name: state.name }) }}
          >
            <Text fontSize="sm" mb="1" truncate>
              {t('Uploading {name}… {percent}%', {
                name: state.name,
                percent: Math.round(state.progress * 100),
              })}
            </Text>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}
        {state.status === 'failed' ? (
          <Notice
            status="error"
            title={t('Could not upload {name}', { name: state.name })}
            description={state.message}
          />
        ) : null}
      </Stack>
    </AppDialog>
  );
}
