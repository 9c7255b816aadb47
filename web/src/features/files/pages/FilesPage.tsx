import { useQuery } from '@apollo/client/react';
import { Button, Card, EmptyState, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuFolderOpen, LuUpload } from 'react-icons/lu';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { DeleteFileDialog } from '../components/DeleteFileDialog';
import { FileTable } from '../components/FileTable';
import { StorageCard } from '../components/StorageCard';
import { UploadDialog } from '../components/UploadDialog';
import { useFilesList } from '../components/useFilesList';
import { StorageUsageQuery } from '../graphql';

/** Spec §2 My Files: a table of files, an upload dialog and a storage card, all from the server. */
export default function FilesPage() {
  usePageMeta({
    title: 'My Files',
    description: 'Upload and manage the files you share with your Chorus assistants.',
  });
  // The list asks again every few seconds while a file is being read (useFilesList).
  const { list, page, files, more } = useFilesList();
  const storage = useQuery(StorageUsageQuery, { fetchPolicy: 'cache-and-network' });
  const [uploadOpen, setUploadOpen] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const usage = storage.data?.storageUsage;
  const loaded = Boolean(page && usage);
  const refetch = () => Promise.all([list.refetch(), storage.refetch()]);

  const uploadButton = (
    <Button onClick={() => setUploadOpen(true)} disabled={!usage}>
      <LuUpload aria-hidden="true" /> Upload File
    </Button>
  );

  return (
    <>
      <PageHeading title="My Files" description="Documents and images you keep with Chorus.">
        <HStack>{uploadButton}</HStack>
      </PageHeading>
      {!loaded && (list.loading || storage.loading) ? (
        <PageSpinner label="Loading your files..." />
      ) : !loaded && (list.error || storage.error) ? (
        <LoadFailed title="Failed to load your files" onRetry={() => void refetch().catch(() => {})} />
      ) : usage ? (
        <Stack gap="6">
          <StorageCard usage={usage} />
          <Card.Root variant="outline">
            <Card.Header>
              <Card.Title as="h2">Files</Card.Title>
            </Card.Header>
            <Card.Body px={{ base: '2', md: '6' }}>
              {files.length === 0 ? (
                <EmptyState.Root size="sm">
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <LuFolderOpen />
                    </EmptyState.Indicator>
                    <EmptyState.Title>No files yet</EmptyState.Title>
                    <EmptyState.Description>Upload a file to keep it here.</EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
                <Stack gap="4">
                  <FileTable
                    files={files}
                    onDelete={setDeleting}
                    onChanged={() => void list.refetch().catch(() => {})}
                  />
                  <LoadMoreButton more={more} label="Load more files" />
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
          <UploadDialog
            open={uploadOpen}
            onClose={() => setUploadOpen(false)}
            onUploaded={() => void refetch().catch(() => {})}
            maxUploadBytes={usage.maxUploadBytes}
            roomBytes={Math.max(0, usage.quotaBytes - usage.usedBytes)}
          />
          {deleting ? <DeleteFileDialog file={deleting} onClose={() => setDeleting(null)} /> : null}
        </Stack>
      ) : null}
    </>
  );
}
