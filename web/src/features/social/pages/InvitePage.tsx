import { Button, Card, Container, HStack, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '@chakra-ui/react/theme';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { useApiQuery } from '../../../hooks/useApiQuery';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { ApiError, apiGet } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { registerRecipes } from '../../../theme/registerRecipes';
import { SIGN_UP_FREE, signUpFreeWithInvite } from '../../accounts/signUpLinks';
import { nameOf } from '../components/lastActive';
import { PlainAvatar } from '../components/PlainAvatar';

registerRecipes({ slotRecipes: { alert: alertSlotRecipe } });

interface InvitePreview {
  status: 'pending' | 'accepted' | 'expired';
  expiresAt: string | null;
  inviter: { username: string; displayName: string | null; avatar: string | null };
}

/** The invitation's preview, or null when the link is not valid (the api answers 404). */
async function previewInvitation(token: string, signal: AbortSignal): Promise<InvitePreview | null> {
  try {
    return await apiGet<InvitePreview>(`/api/invite/${encodeURIComponent(token)}`, undefined, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Where invitation links ({origin}/invite/{token}) land: who invited you, then sign-up carrying
 * the token, so the new account and the inviter become friends.
 */
export default function InvitePage() {
  const t = useT();
  usePageMeta({
    title: t("You're invited"),
    description: t(
      'A friend invited you to Chorus: chat with leading AI assistants and make short videos together.',
    ),
  });
  const { token = '' } = useParams();
  const { data, loading, error } = useApiQuery(`invite:${token}`, (signal) =>
    previewInvitation(token, signal),
  );
  const preview = data;

  let body: React.ReactNode;
  if (loading && data === undefined) body = <PageSpinner label={t('Checking your invitation...')} />;
  else if (error && data === undefined)
    body = <Notice status="error" title={t("We couldn't check this invitation. Please reload the page.")} />;
  else if (!preview)
    body = (
      <Notice
        status="warning"
        title={t('This invitation link is not valid')}
        description={t('Check the link you were sent, or create an account without it.')}
      />
    );
  else {
    const inviter = nameOf(preview.inviter);
    const usable = preview.status === 'pending';
    body = (
      <Card.Root>
        <Card.Body>
          <Stack gap="5">
            <HStack gap="4">
              <PlainAvatar size="lg" colorPalette="purple" name={inviter} src={preview.inviter.avatar} />
              <Stack gap="0">
                <Text fontWeight="semibold" fontSize="lg">
                  {t('{inviter} invited you to Chorus', { inviter })}
                </Text>
                <Text color="fg.muted">@{preview.inviter.username}</Text>
              </Stack>
            </HStack>
            {usable ? (
              <Text>
                {t(
                  'Chat with GPT, Claude, Grok, Gemini and more in one place, and turn ideas into short videos. Sign up with this invitation and you and {inviter} become friends on Chorus straight away.',
                  { inviter },
                )}
              </Text>
            ) : (
              <Notice
                status="info"
                title={
                  preview.status === 'expired'
                    ? t('This invitation has expired')
                    : t('This invitation has already been used')
                }
                description={t('You can still create an account and add {inviter} as a friend by username.', {
                  inviter,
                })}
              />
            )}
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild colorPalette="purple">
                <RouterLink to={usable ? signUpFreeWithInvite(token) : SIGN_UP_FREE}>
                  {usable ? t('Accept invitation') : t('Create your free account')}
                </RouterLink>
              </Button>
              <Button asChild variant="outline">
                <RouterLink to="/features">{t('What is Chorus?')}</RouterLink>
              </Button>
            </Stack>
          </Stack>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <PageHeading
        title={t("You've been invited to Chorus")}
        description={t(
          "Someone thinks you'd enjoy chatting with GPT, Claude, Grok, Gemini and more in one place.",
        )}
      />
      {body}
    </Container>
  );
}
