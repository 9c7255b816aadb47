import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';
import { removeAppShell } from '../lib/appShell';
import { t } from '../lib/i18n';

interface State {
  error: Error | null;
}

/** A lazy chunk that no longer exists on the server: the app was updated while this tab was open. */
function isStaleChunk(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );
}

/**
 * The last line of defence: a page that throws while rendering shows what happened and a way out
 * instead of a blank screen. Everything already saved stays on the server.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('Chorus could not show this page:', error);
    // The chat's outline must not hide what went wrong.
    removeAppShell();
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const stale = isStaleChunk(error);
    return (
      <Box as="main" id="main" minH="100dvh" display="grid" placeItems="center" p="6">
        <Stack gap="4" maxW="md" textAlign="center" align="center" role="alert">
          <Heading as="h1" size="xl">
            {stale ? t('Chorus has been updated') : t('Something went wrong')}
          </Heading>
          <Text color="fg.muted">
            {stale
              ? t('A newer version is available. Reload to continue where you were.')
              : t('This page could not be shown. Reloading usually helps; your chats and videos are safe.')}
          </Text>
          <Stack direction="row" gap="3">
            <Button colorPalette="purple" onClick={() => window.location.reload()}>
              {t('Reload')}
            </Button>
            <Button variant="outline" onClick={() => window.location.assign('/')}>
              {t('Go Home')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    );
  }
}
