import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { MySettingsQuery, UpdateSettingsMutation } from '../graphql/settings';
import { useColorMode } from '../theme/ColorModeProvider';
import { useAuth } from './AuthContext';
import { isNewAccount } from './newAccounts';

/** The user whose saved choice was applied; module-wide because this component mounts per layout. */
let appliedFor: string | null = null;

/**
 * When someone signs in (or opens the app already signed in), their saved dark-mode choice wins over
 * this browser's local one. It is applied once per user so later toggles are not overridden. A brand
 * new account has only the default saved, so it keeps what the visitor already chose here instead.
 */
export function SavedColorModeSync() {
  const client = useApolloClient();
  const { user } = useAuth();
  const { colorMode, setColorMode } = useColorMode();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId || appliedFor === userId) return;
    appliedFor = userId;
    if (isNewAccount(userId)) {
      client
        .mutate({
          mutation: UpdateSettingsMutation,
          variables: { input: { darkMode: colorMode === 'dark' } },
        })
        .catch((error: unknown) => console.warn('Could not save the appearance of the new account', error));
      return;
    }
    client
      .query({ query: MySettingsQuery, fetchPolicy: 'network-only' })
      .then(({ data }) => {
        if (data) setColorMode(data.mySettings.darkMode ? 'dark' : 'light');
      })
      .catch((error: unknown) => {
        // Cosmetic only: keep the local choice if settings can't be read.
        console.warn('Could not load saved appearance settings', error);
      });
  }, [client, userId, colorMode, setColorMode]);

  return null;
}
