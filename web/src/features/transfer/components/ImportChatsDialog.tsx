import { Button, Field, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { SelectField } from '../../../components/forms/SelectField';
import { Notice } from '../../../components/Notice';
import { ApiError, apiGet, apiPostForm } from '../../../lib/api';
import { msg, t, useT } from '../../../lib/i18n';
import { storedText } from '../../../lib/storedText';

interface ImportStatus {
  status: 'queued' | 'running' | 'completed' | 'failed';
  progress: number;
  chatsImported: number;
  messagesImported: number;
  error?: string;
}

const FORMATS = [
  { value: '', label: msg('Detect automatically') },
  { value: 'chatgpt', label: 'ChatGPT (conversations.json)' },
  { value: 'claude', label: 'Claude (conversations.json)' },
  { value: 'chorus', label: 'Chorus (JSON export)' },
];

/** Polls an import until it is done; `onImported` (the chat list's refresh) runs when chats arrived. */
function useImportStatus(importId: string | null, onImported: () => Promise<unknown>) {
  // Kept in a ref so a new callback identity never restarts the polling.
  const imported = useRef(onImported);
  imported.current = onImported;
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!importId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const next = await apiGet<ImportStatus>(`/api/imports/${importId}`);
        if (stopped) return;
        setStatus(next);
        if (next.status === 'completed' || next.status === 'failed') {
          if (next.chatsImported > 0) await imported.current();
          return;
        }
      } catch (error) {
        if (stopped) return;
        setFailure(error instanceof ApiError ? error.message : t('Could not read the import’s progress.'));
        return;
      }
      timer = setTimeout(() => void poll(), 500);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [importId]);
  return { status, failure };
}

/** The import dialog: a file, its format, then the import's progress (loaded when first opened). */
export default function ImportChatsDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: () => Promise<unknown>;
}) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState('');
  const [importId, setImportId] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const { status, failure } = useImportStatus(importId, onImported);
  const finished = status?.status === 'completed' || status?.status === 'failed';
  const working = uploading || (!!importId && !finished && !failure);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || working) return;
    setUploadError(null);
    setUploading(true);
    const form = new FormData();
    form.append('file', file);
    if (format) form.append('format', format);
    try {
      const started = await apiPostForm<{ id: string }>('/api/imports', form);
      setImportId(started.id);
    } catch (error) {
      setUploadError(
        error instanceof ApiError ? error.message : t('Could not upload the file. Please try again.'),
      );
    } finally {
      setUploading(false);
    }
  };

  const error =
    uploadError ??
    failure ??
    (status?.status === 'failed'
      ? status.error
        ? storedText(t, status.error)
        : t('The import failed.')
      : null);
  return (
    <AppDialog
      title={t('Import chats')}
      onClose={onClose}
      onSubmit={submit}
      footer={
        status?.status === 'completed' ? (
          <Button onClick={onClose}>{t('Done')}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={!file || (!!importId && !finished)} loading={working}>
              {t('Import')}
            </Button>
          </>
        )
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t(
            'Bring your conversations from ChatGPT or Claude (their data export’s conversations.json), or a Chorus JSON export. Importing the same file again adds nothing.',
          )}
        </Text>
        <Field.Root required>
          <Field.Label>{t('File')}</Field.Label>
          <Input
            type="file"
            accept="application/json,.json"
            p="1"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setImportId(null);
              setUploadError(null);
            }}
          />
          <Field.HelperText>{t('A .json file of up to {size}.', { size: '20 MB' })}</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('Format')}</Field.Label>
          <SelectField
            value={format}
            options={FORMATS.map((option) => ({ ...option, label: t(option.label) }))}
            onValueChange={setFormat}
          />
        </Field.Root>
        {importId && status && !finished ? (
          <Progress.Root value={status.progress} aria-label={t('Import progress')}>
            <Progress.Label mb="1">
              {status.status === 'queued' ? t('Waiting…') : t('Importing…')}
            </Progress.Label>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        ) : null}
        {status?.status === 'completed' ? (
          <Notice
            status="success"
            role="status"
            title={
              status.chatsImported === 0
                ? t('Nothing new: these chats were imported before.')
                : t(
                    'Imported {chats, plural, one {# chat} other {# chats}} with {messages, plural, one {# message} other {# messages}}.',
                    { chats: status.chatsImported, messages: status.messagesImported },
                  )
            }
          />
        ) : null}
        {error ? <Notice status="error" role="alert" title={error} /> : null}
      </Stack>
    </AppDialog>
  );
}
