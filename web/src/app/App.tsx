import { ChakraProvider } from '@chakra-ui/react';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthProvider';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Toaster } from '../components/toaster';
import { ColorModeProvider } from '../theme/ColorModeProvider';
import { system } from '../theme/system';
import { AppRoutes } from './AppRoutes';

/**
 * The shell every page shares. Apollo is not part of it: pages that use Apollo hooks sit under the
 * lazy `ApolloOutlet` route, and `AuthProvider` loads the client when it is needed (see session.ts).
 */
export function App() {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <ErrorBoundary>
          <AuthProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
            <Toaster />
          </AuthProvider>
        </ErrorBoundary>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
