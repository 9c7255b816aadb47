import { Button, Container, Field, Input, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ComingSoonCard } from '../components/ComingSoonCard';
import { PageHeading } from '../components/PageHeading';
import { usePageMeta } from '../hooks/usePageMeta';

export default function CommunityVideosPage() {
  usePageMeta({
    title: 'Community Videos',
    description:
      'Watch short AI-generated videos shared by the Chorus community, with the prompts that made them.',
    keywords: ['AI videos', 'community gallery', 'text to video examples'],
    canonicalPath: '/community-videos',
  });

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <PageHeading
        title="Community Videos"
        description="Short videos made with Chorus and shared by their creators, with the prompt behind each one."
      />
      {/* Search arrives with the gallery itself; shown disabled so the page keeps its final shape. */}
      <Field.Root disabled maxW="md" mb="6">
        <Field.Label>Search videos</Field.Label>
        <Input type="search" placeholder="Search by title, prompt or description" />
      </Field.Root>
      <ComingSoonCard
        title="The community gallery"
        description="Public videos will appear here as a grid you can search and filter by tag. Each card opens the video's own page with its prompt, tags, views and likes."
        highlights={[
          'Search across titles, prompts and descriptions',
          'Filter by the most used tags',
          'Share any video with a link',
        ]}
      >
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild>
            <RouterLink to="/chat">Create a video</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/ai-video-generator">How the video generator works</RouterLink>
          </Button>
        </Stack>
      </ComingSoonCard>
    </Container>
  );
}
