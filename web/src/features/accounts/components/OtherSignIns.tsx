import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuKeyRound, LuLogIn } from 'react-icons/lu';
import { notifyError } from '../../../components/toaster';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import type { Viewer } from '../session/AuthContext';
import { useAuth } from '../session/AuthContext';
import { type SignInProvider, signInProviders, signInWithPasskey } from '../twoFactor';

/** Below the password form: "Sign in with a passkey" and one button per configured provider. */
export function OtherSignIns({ onSignedIn }: { onSignedIn: (user: Viewer) => void }) {
  const { acceptSignIn } = useAuth();
  const t = useT();
  const [providers, setProviders] = useState<SignInProvider[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    signInProviders()
      .then(setProviders)
      .catch(() => setProviders([]));
  }, []);

  const passkey = async () => {
    setBusy(true);
    try {
      onSignedIn(await acceptSignIn(await signInWithPasskey()));
    } catch (e) {
      notifyError(
        t('Passkey sign-in failed'),
        e instanceof ApiError ? e.message : t('The passkey was not used. Please try again.'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="3">
      <HStack gap="3">
        <Separator flex="1" />
        <Text color="fg.muted" fontSize="sm" flexShrink="0">
          {t('or')}
        </Text>
        <Separator flex="1" />
      </HStack>
      <Button
        variant="outline"
        onClick={passkey}
        loading={busy}
        loadingText={t('Waiting for your passkey...')}
      >
        <LuKeyRound aria-hidden="true" /> {t('Sign in with a passkey')}
      </Button>
      {providers.map((p) => (
        <Button key={p.id} variant="outline" asChild>
          {/* A full-page navigation: the provider's sign-in page, then back to /api/auth/oidc/{id}/callback. */}
          <a href={`/api/auth/oidc/${encodeURIComponent(p.id)}/start`}>
            <LuLogIn aria-hidden="true" /> {t('Sign in with {provider}', { provider: p.name })}
          </a>
        </Button>
      ))}
    </Stack>
  );
}
