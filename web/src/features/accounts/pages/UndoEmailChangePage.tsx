import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { apiPost } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { AuthShell } from '../components/AuthShell';
import { StatusNote } from '../components/StatusNote';
import { refreshSession } from '../session/session';

/**
 * The undo link mailed to the old address after an address change (/undo-email-change?token=…).
 * It acts only on a click: mail scanners that open links must not undo anything. Undoing signs every
 * device out, so the page goes on to choosing a new password (the address is verified again).
 */
export default function UndoEmailChangePage() {
  const t = useT();
  usePageMeta({
    title: t('Undo the e-mail change'),
    description: t('Put the previous e-mail address back on your Chorus account.'),
  });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const undo = async () => {
    setBusy(true);
    try {
      const r = await apiPost<{ message: string }>('/api/auth/email/undo', { token });
      await refreshSession().catch(() => {});
      setResult({ ok: true, message: r.message });
    } catch (e) {
      setResult({ ok: false, message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      mode="login"
      title={t('Undo the e-mail change')}
      subtitle={t('Put this address back on your Chorus account.')}
    >
      {!result ? (
        <Stack gap="4">
          <Text>
            {t(
              "Your account's e-mail address was changed. If that wasn't you, put this address back: every device will be signed out of the account, and you can then choose a new password.",
            )}
          </Text>
          <Button size="lg" colorPalette="red" onClick={undo} loading={busy} disabled={!token}>
            {t('Put my address back')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="4">
          <StatusNote ok={result.ok}>{result.message}</StatusNote>
          <Button asChild size="lg">
            <RouterLink to={result.ok ? '/forgot-password' : '/login'}>
              {result.ok ? t('Choose a new password') : t('Go to sign in')}
            </RouterLink>
          </Button>
        </Stack>
      )}
    </AuthShell>
  );
}
