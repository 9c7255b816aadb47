import { Icon, IconButton } from '@chakra-ui/react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { useAuth } from '../features/accounts/session/AuthContext';
import { startSession } from '../features/accounts/session/session';
import { useHydrated } from '../hooks/useHydrated';
import { useT } from '../lib/i18n';
import { useColorMode } from '../theme/ColorModeProvider';

/** Flips the colour mode; for a signed-in user the choice is also saved so it follows them to other devices. */
export function ColorModeToggle() {
  const t = useT();
  const { colorMode, toggleColorMode } = useColorMode();
  const { user } = useAuth();
  // Pre-rendered HTML is the same for both modes: the icon follows <html>'s class through CSS, and
  // the pressed state is set once the page runs (the mode lives in the browser's storage).
  const hydrated = useHydrated();

  const onToggle = () => {
    const darkMode = colorMode !== 'dark';
    toggleColorMode();
    if (user) {
      // Through the client itself rather than a hook: the public top bar renders before Apollo loads.
      // The mutation's document loads with it (the app's documents share a chunk the shell avoids).
      Promise.all([startSession(), import('../features/accounts/graphql')])
        .then(([client, { UpdateSettingsMutation }]) =>
          client.mutate({ mutation: UpdateSettingsMutation, variables: { input: { darkMode } } }),
        )
        .catch((error: unknown) => {
          console.warn('Could not save the dark-mode preference', error);
        });
    }
  };

  return (
    <IconButton
      aria-label={t('Toggle dark mode')}
      aria-pressed={hydrated ? colorMode === 'dark' : undefined}
      disabled={!hydrated}
      variant="ghost"
      size="sm"
      onClick={onToggle}
    >
      <Icon display="none" _dark={{ display: 'inline-block' }}>
        <LuSun />
      </Icon>
      <Icon _dark={{ display: 'none' }}>
        <LuMoon />
      </Icon>
    </IconButton>
  );
}
