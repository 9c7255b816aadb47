import { Link } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PasswordField } from '../../../components/forms/PasswordField';
import { TextField } from '../../../components/forms/TextField';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { readApiFailure } from '../../../graphql/errors';
import { useDelayedNavigate } from '../../../hooks/useDelayedNavigate';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { msg, useT } from '../../../lib/i18n';
import { CHECK_DETAILS, MESSAGES, PASSWORD_MIN, USERNAME_MIN } from '../accountRules';
import { AuthForm } from '../components/AuthForm';
import { AuthLinkLine } from '../components/AuthLinkLine';
import { AuthShell } from '../components/AuthShell';
import { OtherSignIns } from '../components/OtherSignIns';
import { SecondFactorStep } from '../components/SecondFactorStep';
import { useAuth, type Viewer } from '../session/AuthContext';
import { afterSignInPath } from '../signInReturn';

/** Spec §5 login checks, in the spec's order; returns [title, description] of the first failure. */
function loginProblem(username: string, password: string): [string, string?] | null {
  if (!username || !password) return [msg('Missing fields'), MESSAGES.loginMissing];
  if (username.length < USERNAME_MIN) return [CHECK_DETAILS, MESSAGES.usernameTooShort];
  if (password.length < PASSWORD_MIN) return [CHECK_DETAILS, MESSAGES.passwordTooShort];
  return null;
}

export default function LoginPage() {
  usePageMeta('/login');
  const t = useT();
  const { login } = useAuth();
  const navigateSoon = useDelayedNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // The second step: after a right password, or coming back from a provider (?step=2fa).
  const [searchParams, setSearchParams] = useSearchParams();
  const [secondFactor, setSecondFactor] = useState<string[] | null>(() =>
    searchParams.get('step') === '2fa' ? ['totp', 'recovery', 'passkey'] : null,
  );
  useEffect(() => {
    // A provider sign-in that failed comes back with its reason.
    const reason = searchParams.get('error');
    if (reason) {
      notifyError(t('Sign-in failed'), reason);
      setSearchParams({}, { replace: true });
    }
  }, [searchParams, setSearchParams, t]);

  const signedIn = (user: Viewer) => {
    notifySuccess(
      t('Login successful'),
      t('Welcome back, {name}!', { name: user.displayName || user.username }),
    );
    navigateSoon(afterSignInPath(searchParams.get('next')), 500);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = username.trim();
    const problem = loginProblem(name, password);
    if (problem) {
      const [title, description] = problem;
      notifyError(t(title), description === undefined ? undefined : t(description));
      return;
    }
    setSubmitting(true);
    try {
      const result = await login({ username: name, password });
      if (result.user) signedIn(result.user);
      else setSecondFactor(result.methods);
    } catch (error) {
      const failure = readApiFailure(error);
      if (failure.kind === 'rejected') {
        notifyError(t('Login failed'), failure.message || t('Invalid username or password'));
      } else {
        notifyError(t('Login error'), t('An error occurred during login. Please try again.'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell
      mode="login"
      title={t('Welcome back')}
      subtitle={t('Log in to pick up your conversations where you left off.')}
    >
      {secondFactor ? (
        <SecondFactorStep
          methods={secondFactor}
          onSignedIn={signedIn}
          onRestart={() => {
            setSecondFactor(null);
            setPassword('');
          }}
        />
      ) : (
        <AuthForm
          onSubmit={onSubmit}
          submit={t('Log In')}
          busy={submitting}
          busyText={t('Logging in...')}
          preRendered
          after={
            <>
              <AuthLinkLine lead={t('New to Chorus?')} to="/register">
                {t('Create a free account')}
              </AuthLinkLine>
              <OtherSignIns onSignedIn={signedIn} />
            </>
          }
        >
          <TextField
            label={t('Username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onValueChange={setUsername}
          />
          <PasswordField label={t('Password')} name="password" value={password} onValueChange={setPassword} />
          <Link asChild color="colorPalette.fg" fontSize="sm" alignSelf="flex-end" mt="-2">
            <RouterLink to="/forgot-password">{t('Forgot password?')}</RouterLink>
          </Link>
        </AuthForm>
      )}
    </AuthShell>
  );
}
