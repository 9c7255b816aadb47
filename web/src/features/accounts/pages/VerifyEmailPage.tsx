import { Button, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { apiPost } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { AuthShell } from '../components/AuthShell';
import { StatusNote } from '../components/StatusNote';
import { refreshSession } from '../session/session';

/** The verification link's page (/verify-email?token=…): confirms the address once, on arrival. */
export default function VerifyEmailPage() {
  const t = useT();
  usePageMeta({ title: t('Verify your e-mail'), description: t('Confirm your e-mail address for Chorus.') });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    apiPost<{ message: string }>('/api/auth/email/verify', { token })
      .then(async (r) => {
        // A signed-in browser still holds the account as unverified: without a fresh copy, the
        // profile this page leads to showed the "Please verify" banner until its own fetch returned.
        await refreshSession().catch(() => {});
        setResult({ ok: true, message: r.message });
      })
      .catch((e: Error) => setResult({ ok: false, message: e.message }));
  }, [token]);
  return (
    <AuthShell
      mode="login"
      title={t('Verify your e-mail')}
      subtitle={t('Confirming the address of your Chorus account.')}
    >
      {!result ? (
        <PageSpinner label={t('Verifying...')} />
      ) : (
        <Stack gap="4">
          <StatusNote ok={result.ok}>{result.message}</StatusNote>
          <Button asChild size="lg">
            <RouterLink to="/profile">{t('Go to my profile')}</RouterLink>
          </Button>
        </Stack>
      )}
    </AuthShell>
  );
}
