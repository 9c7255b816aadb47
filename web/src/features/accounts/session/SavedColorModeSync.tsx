import { useApolloClient } from '@apollo/client/react';
import { isLanguage } from '@chorus/shared/languages';
import { useEffect } from 'react';
import { useColorMode } from '../../../theme/ColorModeProvider';
import { chooseLanguage } from '../../languages/languageChoice';
import { MySettingsQuery } from '../graphql';
import { useAuth } from './AuthContext';

/** The user whose saved choice was applied; module-wide because this component mounts per layout. */
let appliedFor: string | null = null;

/**
 * When someone signs in (or opens the app already signed in), their saved appearance wins over this
 * browser's local one: light or dark if they picked one, else the device's own (system, the
 * default), and the language they saved. It is applied once per user so later toggles are not overridden. A new account keeps a
 * mode the visitor picked before sign-up (AuthProvider.register), and otherwise follows the device.
 */
export function SavedColorModeSync() {
  const client = useApolloClient();
  const { user } = useAuth();
  const { setThemeChoice } = useColorMode();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId || appliedFor === userId) return;
    appliedFor = userId;
    client
      .query({ query: MySettingsQuery, fetchPolicy: 'network-only' })
      .then(({ data }) => {
        // 'system' (never picked) follows the device's prefers-color-scheme, also after sign-in.
        const { theme } = data?.mySettings ?? {};
        if (theme === 'system' || theme === 'light' || theme === 'dark') setThemeChoice(theme);
        // The language saved on the account (Settings) wins over this browser's too; none keeps it.
        const language = data?.mySettings.language;
        if (isLanguage(language)) chooseLanguage(language);
      })
      .catch((error: unknown) => {
        // Cosmetic only: keep the local choice if settings can't be read.
        console.warn('Could not load saved appearance settings', error);
      });
  }, [client, userId, setThemeChoice]);

  return null;
}
