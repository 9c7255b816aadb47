import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ComingSoonCard } from '../components/ComingSoonCard';
import { PageHeading } from '../components/PageHeading';
import { usePageMeta } from '../hooks/usePageMeta';

export default function PublicVideoPage() {
  const { slug = '' } = useParams();
  usePageMeta({
    title: 'Video',
    description: 'Watch a short AI-generated video shared on Chorus and see the prompt that created it.',
    canonicalPath: `/videos/${encodeURIComponent(slug)}`,
  });

  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <PageHeading
        title="Community video"
        description="A short video made with Chorus and shared by its creator."
      />
      <Stack gap="8">
        <ComingSoonCard
          title="Shared video pages"
          description="Each public video gets its own page here: the player, its title, views and likes, the AI generation prompt, tags, and buttons to download or share it."
        >
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button asChild variant="outline">
              <RouterLink to="/">Go Home</RouterLink>
            </Button>
            <Button asChild variant="ghost">
              <RouterLink to="/community-videos">Community videos</RouterLink>
            </Button>
          </Stack>
        </ComingSoonCard>
        <Stack
          as="aside"
          aria-labelledby="create-your-own"
          gap="3"
          p="6"
          rounded="xl"
          bg="bg.subtle"
          borderWidth="1px"
        >
          <Heading as="h2" id="create-your-own" size="lg">
            Create Your Own AI Videos
          </Heading>
          <Text color="fg.muted">
            Describe a scene and Chorus turns it into a short video you can keep and share.
          </Text>
          <Button asChild alignSelf="flex-start">
            <RouterLink to="/register">Get Started Free</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
