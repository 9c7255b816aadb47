import { ComingSoonCard } from '../components/ComingSoonCard';
import { PageHeading } from '../components/PageHeading';
import { usePageMeta } from '../hooks/usePageMeta';

export default function FilesPage() {
  usePageMeta({
    title: 'My Files',
    description: 'Upload and manage the files you share with your Chorus assistants.',
  });
  return (
    <>
      <PageHeading title="My Files" description="Documents and images you share with your assistants." />
      <ComingSoonCard
        title="File storage"
        description="Upload documents and images here so your assistants can read and analyse them in any chat."
        highlights={[
          'A table of your files with type, size and upload date',
          'Upload and delete files',
          'A storage meter: 100 MB on Free, 10 GB on Premium',
        ]}
      />
    </>
  );
}
