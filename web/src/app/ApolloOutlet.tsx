import { ApolloProvider } from '@apollo/client/react';
import { Outlet } from 'react-router-dom';
import { SavedColorModeSync } from '../features/accounts/session/SavedColorModeSync';
import { startSession } from '../features/accounts/session/session';
import '../theme/appRecipes';
import { apolloClient } from './apollo';

// Loading this chunk means Apollo is here: start the session check without waiting for idle time.
void startSession();

/**
 * Layout route for every page that reads or writes data through Apollo hooks (signed-in pages and the
 * public data pages). It is a lazy chunk, so pages outside it never download Apollo up front.
 */
export default function ApolloOutlet() {
  return (
    <ApolloProvider client={apolloClient}>
      <SavedColorModeSync />
      <Outlet />
    </ApolloProvider>
  );
}
