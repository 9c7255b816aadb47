import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { TextField } from '../../../components/forms/TextField';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { apiPost } from '../../../lib/api';
import { AuthShell } from '../components/AuthShell';
import { StatusNote } from '../components/StatusNote';

/** The reset link's page (/reset-password?token=…): sets the new password, then sends to log in. */
export default function ResetPasswordPage() {
  usePageMeta({ title: 'Choose a new password', description: 'Set a new password for your Chorus account.' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setError("The passwords don't match");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiPost('/api/auth/password/reset', { token, password });
      setDone(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthShell mode="login" title="Choose a new password" subtitle="The link works once, for 30 minutes.">
      {done ? (
        <Stack gap="4">
          <StatusNote ok>Your password has been changed. Please log in with the new one.</StatusNote>
          <Button asChild size="lg">
            <RouterLink to="/login">Log in</RouterLink>
          </Button>
        </Stack>
      ) : (
        <form method="post" onSubmit={submit} noValidate>
          <Stack gap="5">
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <TextField
              label="Confirm new password"
              name="confirm"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={error}
            />
            <Button type="submit" size="lg" loading={busy}>
              Set new password
            </Button>
            <Text color="fg.muted" textAlign="center">
              Link expired?{' '}
              <Link asChild color="colorPalette.fg" fontWeight="semibold">
                <RouterLink to="/forgot-password">Ask for a new one</RouterLink>
              </Link>
            </Text>
          </Stack>
        </form>
      )}
    </AuthShell>
  );
}
