import { useQuery } from '@apollo/client/react';
import { Alert, Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { apiPost } from '../../../lib/api';
import { MeQuery } from '../graphql';

/**
 * Shown on the account pages while the user's e-mail address is unverified: invitations and plans
 * wait for it (issue 17), so the banner says so and offers to send the link again.
 */
export function VerifyEmailBanner() {
  const { data } = useQuery(MeQuery, { fetchPolicy: 'cache-first' });
  const [sending, setSending] = useState(false);
  const me = data?.me;
  if (!me || me.emailVerified) return null;
  const resend = async () => {
    setSending(true);
    try {
      await apiPost('/api/auth/email/resend');
      notifySuccess('Link sent', `We sent a new verification link to ${me.email}.`);
    } catch (e) {
      notifyError('Could not send the link', (e as Error).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <Alert.Root status="warning" mb="4" data-testid="verify-email-banner">
      <Alert.Indicator />
      <Alert.Content minW="0">
        <Alert.Title>Please verify your e-mail address</Alert.Title>
        <Alert.Description overflowWrap="anywhere">
          Open the link we sent to {me.email}. Until then you can chat, but not send invitations or buy a
          plan.
        </Alert.Description>
        <HStack mt="2">
          <Button size="sm" variant="outline" onClick={resend} loading={sending}>
            Resend link
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
