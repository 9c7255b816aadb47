import { Button, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LuKeyRound } from 'react-icons/lu';
import { TextField } from '../../../components/forms/TextField';
import { notifyError } from '../../../components/toaster';
import { readApiFailure } from '../../../graphql/errors';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import type { Viewer } from '../session/AuthContext';
import { useAuth } from '../session/AuthContext';
import { signInWithPasskey } from '../twoFactor';
import { AuthForm } from './AuthForm';

/**
 * The login's second step: the password was right and the account has two-factor authentication.
 * A 6-digit code from the authenticator app, one of the recovery codes, or a passkey.
 */
export function SecondFactorStep({
  methods,
  onSignedIn,
  onRestart,
}: {
  methods: string[];
  onSignedIn: (user: Viewer) => void;
  onRestart: () => void;
}) {
  const { completeSecondFactor, acceptSignIn } = useAuth();
  const t = useT();
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codes = methods.includes('totp') || methods.includes('recovery');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('Please enter the code'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      onSignedIn(await completeSecondFactor(code.trim()));
    } catch (e) {
      const failure = readApiFailure(e);
      if (failure.kind === 'rejected') setError(failure.message || t('That code is not right'));
      else notifyError(t('Login error'), t('An error occurred during login. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  const withPasskey = async () => {
    setSubmitting(true);
    setError(null);
    try {
      onSignedIn(await acceptSignIn(await signInWithPasskey()));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('The passkey was not used. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          {t('Two-factor authentication')}
        </Text>
        <Text color="fg.muted">
          {codes
            ? t('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')
            : t('Confirm with your passkey to finish signing in.')}
        </Text>
      </Stack>
      {codes ? (
        <AuthForm onSubmit={onSubmit} submit={t('Verify')} busy={submitting} busyText={t('Verifying...')}>
          <TextField
            label={t('Authentication code')}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={code}
            error={error}
            helperText={t('A recovery code looks like abcde-12345 and works once.')}
            onValueChange={setCode}
          />
        </AuthForm>
      ) : error ? (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
      {methods.includes('passkey') ? (
        <Button variant="outline" size="lg" onClick={withPasskey} disabled={submitting}>
          <LuKeyRound aria-hidden="true" /> {t('Use a passkey')}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={onRestart}>
        {t('Start over')}
      </Button>
    </Stack>
  );
}
