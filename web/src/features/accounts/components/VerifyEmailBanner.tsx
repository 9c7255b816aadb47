import { useQuery } from '@apollo/client/react';
import { Alert, Button, HStack, Link, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { MeQuery } from '../graphql';

/** GET /api/auth/email/pending (api: accounts/core/security.ts pendingVerification). */
interface PendingVerification {
  email: string;
  emailVerified: boolean;
  sentAt: string | null;
  previewUrl: string | null;
  resendInSeconds: number;
}

/** Seconds left until `until` (ms), ticking once a second while above zero. */
function useSecondsUntil(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `until`, the only input
  useEffect(() => {
    setSeconds(left());
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return seconds;
}

/**
 * Shown on the account pages while the user's e-mail address is unverified: invitations wait for it,
 * so the banner says so and offers to send the link again. "Resend link" waits out the server's
 * cooldown with a countdown (asking too early is information, not an error). Without a mail server
 * the mail is kept in the local outbox, and the banner links to its preview so a new user on a
 * default install can still verify.
 */
export function VerifyEmailBanner() {
  const t = useT();
  const { data } = useQuery(MeQuery, { fetchPolicy: 'cache-first' });
  const me = data?.me;
  const unverified = Boolean(me && !me.emailVerified);
  const [pending, setPending] = useState<PendingVerification | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const secondsLeft = useSecondsUntil(resendAt);

  const load = useCallback(async () => {
    try {
      const next = await apiGet<PendingVerification>('/api/auth/email/pending');
      setPending(next);
      setResendAt(Date.now() + next.resendInSeconds * 1000);
    } catch {
      // The banner still works without it: Resend answers for itself.
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the address changes
  useEffect(() => {
    if (unverified) void load();
  }, [unverified, me?.email, load]);

  if (!me || me.emailVerified) return null;

  const resend = async () => {
    setSending(true);
    setNote(null);
    try {
      await apiPost('/api/auth/email/resend');
      notifySuccess(t('Link sent'), t('We sent a new verification link to {email}.', { email: me.email }));
    } catch (e) {
      // Too soon: the server says when the last one went and how long to wait; shown calmly here.
      if (e instanceof ApiError && e.status === 429) setNote(e.message);
      else notifyError(t('Could not send the link'), (e as Error).message);
    } finally {
      setSending(false);
      await load();
    }
  };

  return (
    <Alert.Root status="warning" mb="4" data-testid="verify-email-banner">
      <Alert.Indicator />
      <Alert.Content minW="0">
        <Alert.Title>{t('Please verify your e-mail address')}</Alert.Title>
        <Alert.Description overflowWrap="anywhere">
          {t(
            'Open the link we sent to {email}. Until then you can chat and upgrade, but not send invitations.',
            {
              email: me.email,
            },
          )}
        </Alert.Description>
        {pending?.previewUrl ? (
          <Text mt="2" fontSize="sm" overflowWrap="anywhere">
            {t('No mail server is set up here, so the e-mail was kept in the local outbox:')}{' '}
            <Link
              href={pending.previewUrl}
              target="_blank"
              rel="noopener"
              variant="underline"
              fontWeight="medium"
              data-testid="verify-email-preview"
            >
              {t('open the verification e-mail')} <LuExternalLink aria-hidden="true" />
            </Link>
          </Text>
        ) : null}
        <HStack mt="2" gap="3" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            onClick={resend}
            loading={sending}
            disabled={secondsLeft > 0}
            aria-describedby="verify-email-wait"
          >
            {secondsLeft > 0 ? t('Resend link ({seconds} s)', { seconds: secondsLeft }) : t('Resend link')}
          </Button>
          <Text id="verify-email-wait" fontSize="sm" color="fg.muted" aria-live="polite">
            {note ??
              (secondsLeft > 0 ? t('Sent just now. You can ask for another once the countdown ends.') : '')}
          </Text>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
