import { Button, Container, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ComingSoonCard } from '../components/ComingSoonCard';
import { PageHeading } from '../components/PageHeading';
import { usePageMeta } from '../hooks/usePageMeta';

/** Where invitation links ({origin}/invite/{token}) land; accepting them ships with the social features. */
export default function InvitePage() {
  usePageMeta({
    title: "You're invited",
    description:
      'A friend invited you to Chorus: chat with leading AI assistants and make short videos together.',
  });

  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <PageHeading
        title="You've been invited to Chorus"
        description="Someone thinks you'd enjoy chatting with GPT, Claude, Grok, Gemini and more in one place."
      />
      <ComingSoonCard
        title="Invitations"
        description="Invitation links arrive in a later release. Then this page will connect you with the friend who invited you and credit their referral. You can already create your own account."
      >
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild>
            <RouterLink to="/register">Create your free account</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/features">What is Chorus?</RouterLink>
          </Button>
        </Stack>
      </ComingSoonCard>
    </Container>
  );
}
