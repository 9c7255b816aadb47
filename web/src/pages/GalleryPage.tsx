import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ComingSoonCard } from '../components/ComingSoonCard';
import { PageHeading } from '../components/PageHeading';
import { usePageMeta } from '../hooks/usePageMeta';

export default function GalleryPage() {
  usePageMeta({
    title: 'My Video Gallery',
    description: 'The videos you have generated and saved with Chorus.',
  });
  return (
    <>
      <PageHeading title="My Video Gallery" description="Every video you generate and save, in one place." />
      <ComingSoonCard
        title="Your videos"
        description="Videos you generate in the chat will be saved here, ready to watch, download, share or delete."
        highlights={[
          'Search by title or prompt',
          'Filter by tag',
          'Views, likes and duration for every video',
        ]}
      >
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to="/community-videos">Browse community videos</RouterLink>
        </Button>
      </ComingSoonCard>
    </>
  );
}
