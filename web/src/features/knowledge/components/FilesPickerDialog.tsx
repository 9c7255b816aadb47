import { useApolloClient, useQuery } from '@apollo/client/react';
import { Button, Checkbox, EmptyState, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuFolder, LuFolderOpen } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { AppDialog } from '../../../components/AppDialog';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageSpinner } from '../../../components/PageSpinner';
import { useT } from '../../../lib/i18n';
import { FolderLabel } from '../../files/components/FileFolders';
import { knowledgeLabel } from '../../files/components/knowledgeStatus';
import { useFilesList } from '../../files/components/useFilesList';
import { FileFoldersQuery, FolderFilesQuery } from '../../files/graphql';
import { type FolderFile, folderChoice } from './folderChoice';
import { MAX_FILES, type PickedFile } from './useGrounding';

/**
 * Picks the files of My Files a chat reads: each with whether it can be read yet (a file still
 * being read can be picked: its passages join once ready). Files that can't be read are shown, not
 * offered. The list asks again every few seconds while any file is being read. Choosing one of the
 * user's folders of My Files adds its files (as many as fit under MAX_FILES; folderChoice.ts says
 * what was left out).
 */
export function FilesPickerDialog({
  picked,
  onPick,
  onClose,
}: {
  picked: readonly PickedFile[];
  onPick: (files: readonly PickedFile[]) => void;
  onClose: () => void;
}) {
  const t = useT();
  const { list, page, files, more } = useFilesList();
  const [chosen, setChosen] = useState<readonly PickedFile[]>(picked);
  const full = chosen.length >= MAX_FILES;
  const client = useApolloClient();
  const folders = useQuery(FileFoldersQuery, { fetchPolicy: 'cache-and-network' }).data?.fileFolders ?? [];
  const [addingFolder, setAddingFolder] = useState<string | null>(null);
  const [folderNote, setFolderNote] = useState<{ text: string; error?: boolean } | null>(null);

  const addFolder = async (folder: { id: string; name: string }) => {
    setAddingFolder(folder.id);
    setFolderNote(null);
    try {
      const { data } = await client.query({
        query: FolderFilesQuery,
        variables: { folderId: folder.id },
        fetchPolicy: 'network-only',
      });
      const page = data?.filePage;
      const files: FolderFile[] = (page?.files ?? []).map((f) => ({
        id: f.id,
        name: f.name,
        failed: f.knowledge.status === 'failed',
      }));
      const result = folderChoice(chosen, files, folder.name, Boolean(page?.nextCursor), t);
      setChosen(result.chosen);
      setFolderNote({ text: result.note });
    } catch {
      setFolderNote({
        text: t('Could not read the files of "{folder}". Please try again.', { folder: folder.name }),
        error: true,
      });
    } finally {
      setAddingFolder(null);
    }
  };

  const [emptyBefore = '', emptyAfter = ''] = t(
    'Upload notes, papers or reports in {myFiles}, then ask about them here.',
    { myFiles: '\u0001' },
  ).split('\u0001');

  const toggle = (file: PickedFile, on: boolean) =>
    setChosen((now) => (on ? [...now, file] : now.filter((f) => f.id !== file.id)));

  return (
    <AppDialog
      title={t('Attach files')}
      onClose={onClose}
      scrollBehavior="inside"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => onPick(chosen)} disabled={!page}>
            {chosen.length === 0
              ? t('Attach none')
              : t('{count, plural, one {Attach # file} other {Attach # files}}', { count: chosen.length })}
          </Button>
        </>
      }
    >
      {!page && list.loading ? (
        <PageSpinner label={t('Loading your files...')} />
      ) : !page && list.error ? (
        <LoadFailed
          title={t('Failed to load your files')}
          onRetry={() => void list.refetch().catch(() => {})}
        />
      ) : files.length === 0 ? (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuFolderOpen />
            </EmptyState.Indicator>
            <EmptyState.Title>{t('No files yet')}</EmptyState.Title>
            <EmptyState.Description>
              {/* One sentence with the link in its place: the text around a marker that stands for it. */}
              {emptyBefore}
              <RouterLink to="/files" style={{ textDecoration: 'underline' }}>
                {t('My Files')}
              </RouterLink>
              {emptyAfter}
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {t(
              'The assistant reads the passages of these files that best match each message, and cites them.',
            )}
          </Text>
          {folders.length > 0 ? (
            <Stack gap="2">
              <Text fontSize="sm" fontWeight="semibold" id="picker-folders">
                {t('Add every file of a folder')}
              </Text>
              <Flex wrap="wrap" gap="2" role="group" aria-labelledby="picker-folders">
                {folders.map((folder) => (
                  <Button
                    key={folder.id}
                    size="sm"
                    variant="outline"
                    loading={addingFolder === folder.id}
                    disabled={folder.fileCount === 0 || (addingFolder !== null && addingFolder !== folder.id)}
                    onClick={() => void addFolder(folder)}
                    maxW="full"
                  >
                    <LuFolder aria-hidden="true" />
                    <FolderLabel folder={folder} muted />
                  </Button>
                ))}
              </Flex>
              <Text
                role="status"
                fontSize="xs"
                color={folderNote?.error ? 'fg.error' : 'fg.muted'}
                display={folderNote ? undefined : 'none'}
              >
                {folderNote?.text}
              </Text>
            </Stack>
          ) : null}
          {folders.length > 0 ? (
            <Text fontSize="sm" fontWeight="semibold">
              {t('Or choose files')}
            </Text>
          ) : null}
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t('Your files')}>
            {files.map((file) => {
              const isChosen = chosen.some((f) => f.id === file.id);
              const failed = file.knowledge.status === 'failed';
              const { text } = knowledgeLabel(file.knowledge, t);
              return (
                <li key={file.id}>
                  <Checkbox.Root
                    checked={isChosen}
                    disabled={failed || (full && !isChosen)}
                    onCheckedChange={(e) => toggle({ id: file.id, name: file.name }, e.checked === true)}
                    alignItems="flex-start"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control mt="0.5" />
                    <Checkbox.Label fontWeight="normal">
                      <Text as="span" display="block" fontWeight="medium" wordBreak="break-word">
                        {file.name}
                      </Text>
                      <Text as="span" display="block" fontSize="xs" color={failed ? 'fg.error' : 'fg.muted'}>
                        {text}
                      </Text>
                    </Checkbox.Label>
                  </Checkbox.Root>
                </li>
              );
            })}
          </Stack>
          {full ? (
            <Text fontSize="xs" color="fg.muted">
              {t('At most {max} files per message.', { max: MAX_FILES })}
            </Text>
          ) : null}
          <LoadMoreButton more={more} label={t('Load more files')} />
        </Stack>
      )}
    </AppDialog>
  );
}
