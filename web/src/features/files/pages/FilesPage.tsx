import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Card, EmptyState, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuFolderOpen, LuUpload } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { DeleteFileDialog } from '../components/DeleteFileDialog';
import {
  DeleteFileFolderDialog,
  type FileFolder,
  FileFolderNameDialog,
  FolderBar,
} from '../components/FileFolders';
import { FileTable } from '../components/FileTable';
import { StorageCard } from '../components/StorageCard';
import { UploadDialog } from '../components/UploadDialog';
import { useFilesList } from '../components/useFilesList';
import { FileFoldersQuery, MoveFileToFolderMutation, StorageUsageQuery } from '../graphql';

/**
 * Spec §2 My Files: a table of files, an upload dialog and a storage card, all from the server; the
 * folder bar filters the table by folder (`?folder=<id>`, so a folder can be linked and Back works).
 */
export default function FilesPage() {
  const t = useT();
  usePageMeta({
    title: t('My Files'),
    description: t('Upload and manage the files you share with your Chorus assistants.'),
  });
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder');
  const foldersQuery = useQuery(FileFoldersQuery, { fetchPolicy: 'cache-and-network' });
  const folders = foldersQuery.data?.fileFolders ?? [];
  const folder = folders.find((f) => f.id === folderId) ?? null;
  // A folder the list does not have (deleted, or someone else's link) shows every file instead.
  const shownFolderId = foldersQuery.data && !folder ? null : folderId;
  const selectFolder = (id: string | null) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (id) next.set('folder', id);
        else next.delete('folder');
        return next;
      },
      { replace: false },
    );
  const [moveFile] = useMutation(MoveFileToFolderMutation, { refetchQueries: [FileFoldersQuery] });
  const [naming, setNaming] = useState<{ folder: FileFolder | null } | null>(null);
  const [removing, setRemoving] = useState<FileFolder | null>(null);
  // The list asks again every few seconds while a file is being read (useFilesList).
  const { list, page, files, more } = useFilesList(shownFolderId);
  const storage = useQuery(StorageUsageQuery, { fetchPolicy: 'cache-and-network' });
  const [uploadOpen, setUploadOpen] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const usage = storage.data?.storageUsage;
  // The storage card and the page around the list; the list (one folder's, or all) loads inside it.
  const loaded = Boolean(usage);
  const refetch = () => Promise.all([list.refetch(), storage.refetch()]);

  const uploadButton = (
    <Button onClick={() => setUploadOpen(true)} disabled={!usage}>
      <LuUpload aria-hidden="true" /> {t('Upload File')}
    </Button>
  );

  return (
    <>
      <PageHeading title={t('My Files')} description={t('Documents and images you keep with Chorus.')}>
        <HStack>{uploadButton}</HStack>
      </PageHeading>
      {!loaded && storage.loading ? (
        <PageSpinner label={t('Loading your files...')} />
      ) : !loaded && storage.error ? (
        <LoadFailed title={t('Failed to load your files')} onRetry={() => void refetch().catch(() => {})} />
      ) : usage ? (
        <Stack gap="6">
          <StorageCard usage={usage} />
          <Card.Root variant="outline">
            <Card.Header gap="3">
              <Card.Title as="h2" wordBreak="break-word">
                {folder ? folder.name : t('Files')}
              </Card.Title>
              <FolderBar
                folders={folders}
                loading={foldersQuery.loading}
                failed={Boolean(foldersQuery.error)}
                selected={shownFolderId}
                onSelect={selectFolder}
                onNew={() => setNaming({ folder: null })}
                onRename={(f) => setNaming({ folder: f })}
                onDelete={setRemoving}
                onRetry={() => void foldersQuery.refetch().catch(() => {})}
              />
            </Card.Header>
            <Card.Body px={{ base: '2', md: '6' }}>
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
                    <EmptyState.Title>
                      {folder ? t('No files in this folder') : t('No files yet')}
                    </EmptyState.Title>
                    <EmptyState.Description>
                      {folder
                        ? t(
                            'Upload a file while this folder is shown, or move one here with the folder button on its row under All files.',
                          )
                        : t('Upload a file to keep it here.')}
                    </EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
                <Stack gap="4">
                  <FileTable
                    files={files}
                    folders={folders}
                    onDelete={setDeleting}
                    onChanged={() => void list.refetch().catch(() => {})}
                  />
                  <LoadMoreButton more={more} label={t('Load more files')} />
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
          <UploadDialog
            open={uploadOpen}
            onClose={() => setUploadOpen(false)}
            onUploaded={(file) =>
              // Uploaded while a folder is shown: it goes into that folder, where the person looks for it.
              void (shownFolderId
                ? moveFile({ variables: { fileId: file.id, folderId: shownFolderId } })
                    .then(() => refetch())
                    .catch((error: unknown) =>
                      notifyFailure(t('Could not put the file in this folder'), error),
                    )
                : refetch().catch(() => {}))
            }
            maxUploadBytes={usage.maxUploadBytes}
            roomBytes={Math.max(0, usage.quotaBytes - usage.usedBytes)}
          />
          {deleting ? <DeleteFileDialog file={deleting} onClose={() => setDeleting(null)} /> : null}
          {naming ? (
            <FileFolderNameDialog
              folder={naming.folder}
              onCreated={(made) => selectFolder(made.id)}
              onClose={() => setNaming(null)}
            />
          ) : null}
          {removing ? (
            <DeleteFileFolderDialog
              folder={removing}
              onDeleted={() => {
                if (removing.id === shownFolderId) selectFolder(null);
              }}
              onClose={() => setRemoving(null)}
            />
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}
