import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthProvider';
import { SavedColorModeSync } from '../auth/SavedColorModeSync';
import { Toaster } from '../components/toaster';
import { ColorModeProvider } from '../theme/ColorModeProvider';
import { system } from '../theme/system';
import { AppRoutes } from './AppRoutes';
import { apolloClient } from './apollo';

export function App() {
  return (
    <ApolloProvider client={apolloClient}>
      <ChakraProvider value={system}>
        <ColorModeProvider>
          <AuthProvider>
            <SavedColorModeSync />
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
            <Toaster />
          </AuthProvider>
        </ColorModeProvider>
      </ChakraProvider>
    </ApolloProvider>
  );
}
