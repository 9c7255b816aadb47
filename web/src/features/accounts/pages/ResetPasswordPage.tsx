import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PasswordField } from '../../../components/forms/PasswordField';
import { useFormAction } from '../../../hooks/useFormAction';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { apiPost } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { AuthForm } from '../components/AuthForm';
import { AuthLinkLine } from '../components/AuthLinkLine';
import { AuthShell } from '../components/AuthShell';
import { StatusNote } from '../components/StatusNote';

/** The reset link's page (/reset-password?token=…): sets the new password, then sends to log in. */
export default function ResetPasswordPage() {
  const t = useT();
  usePageMeta({
    title: t('Choose a new password'),
    description: t('Set a new password for your Chorus account.'),
  });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const { busy, error, onSubmit } = useFormAction();
  const submit = onSubmit(
    async () => {
      await apiPost('/api/auth/password/reset', { token, password });
      setDone(true);
    },
    () => (password !== confirm ? t("The passwords don't match") : null),
  );
  return (
    <AuthShell
      mode="login"
      title={t('Choose a new password')}
      subtitle={t('The link works once, for 30 minutes.')}
    >
      {done ? (
        <Stack gap="4">
          <StatusNote ok>{t('Your password has been changed. Please log in with the new one.')}</StatusNote>
          <Button asChild size="lg">
            <RouterLink to="/login">{t('Log in')}</RouterLink>
          </Button>
        </Stack>
      ) : (
        <AuthForm
          onSubmit={submit}
          submit={t('Set new password')}
          busy={busy}
          after={
            <AuthLinkLine lead={t('Link expired?')} to="/forgot-password">
              {t('Ask for a new one')}
            </AuthLinkLine>
          }
        >
          <PasswordField
            label={t('New password')}
            name="password"
            isNew
            value={password}
            onValueChange={setPassword}
          />
          <PasswordField
            label={t('Confirm new password')}
            name="confirm"
            isNew
            value={confirm}
            onValueChange={setConfirm}
            error={error}
          />
        </AuthForm>
      )}
    </AuthShell>
  );
}
