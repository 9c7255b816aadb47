import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Toaster } from '../components/toaster';
import { AuthProvider } from '../features/accounts/session/AuthProvider';
import { useSignInFromOtherTabs } from '../features/accounts/session/SignInFromOtherTabs';
import { useLanguageChoice } from '../features/languages/useLanguageChoice';
import { LanguageProvider, type Translator } from '../lib/i18n';
import { ColorModeProvider } from '../theme/ColorModeProvider';
import { getSystem } from '../theme/system';
import { AppRoutes } from './AppRoutes';
import { useAppShellHandoff } from './AppShellHandoff';

/**
 * The providers every page shares, around a router: the browser's in the app, a static one when the
 * build pre-renders the public pages (entry-prerender.tsx). Apollo is not part of it: pages that use
 * Apollo hooks sit under the lazy `ApolloOutlet` route, and `AuthProvider` loads the client when it
 * is needed (see session.ts). The texts are in the language of `translator` (lib/i18n.ts): the app's own in
 * the browser, one per page on the server (renders run concurrently there).
 */
export function AppShell({ children, translator }: { children: ReactNode; translator?: Translator }) {
  return (
    <LanguageProvider translator={translator}>
      <ChakraProvider value={getSystem()}>
        <ColorModeProvider>
          <ErrorBoundary>
            <AuthProvider>
              {children}
              <Toaster />
            </AuthProvider>
          </ErrorBoundary>
        </ColorModeProvider>
      </ChakraProvider>
    </LanguageProvider>
  );
}

/**
 * Effects that need the router, around the routes without adding a sibling to them: React's useId
 * numbers elements by their place among siblings, so the tree must match the pre-rendered one
 * (entry-prerender.tsx: the router with AppRoutes alone), or hydrated ids (a field's helper text)
 * would differ from the server's.
 */
function RouterEffects({ children }: { children: ReactNode }) {
  useSignInFromOtherTabs();
  useAppShellHandoff();
  useLanguageChoice();
  return children;
}

export function App() {
  return (
    <AppShell>
      <BrowserRouter>
        <RouterEffects>
          <AppRoutes />
        </RouterEffects>
      </BrowserRouter>
    </AppShell>
  );
}
