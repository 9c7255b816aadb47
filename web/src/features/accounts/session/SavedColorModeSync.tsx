import { useApolloClient } from '@apollo/client/react';
import { useEffect } from 'react';
import { useColorMode } from '../../../theme/ColorModeProvider';
import { MySettingsQuery } from '../graphql';
import { useAuth } from './AuthContext';

/** The user whose saved choice was applied; module-wide because this component mounts per layout. */
let appliedFor: string | null = null;

/**
 * When someone signs in (or opens the app already signed in), their saved dark-mode choice wins over
 * this browser's local one. It is applied once per user so later toggles are not overridden. A new
 * account was saved with the appearance the visitor had at sign-up (AuthProvider.register).
 */
export function SavedColorModeSync() {
  const client = useApolloClient();
  const { user } = useAuth();
  const { setColorMode } = useColorMode();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId || appliedFor === userId) return;
    appliedFor = userId;
    client
      .query({ query: MySettingsQuery, fetchPolicy: 'network-only' })
      .then(({ data }) => {
        if (data) setColorMode(data.mySettings.darkMode ? 'dark' : 'light');
      })
      .catch((error: unknown) => {
        // Cosmetic only: keep the local choice if settings can't be read.
        console.warn('Could not load saved appearance settings', error);
      });
  }, [client, userId, setColorMode]);

  return null;
}
