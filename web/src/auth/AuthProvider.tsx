import { useApolloClient, useQuery } from '@apollo/client/react';
import { type ReactNode, useCallback, useMemo } from 'react';
import { subscriptionClient } from '../app/apollo';
import type { LoginInput, RegisterInput } from '../graphql/__generated__/graphql';
import { LoginMutation, LogoutMutation, MeQuery, RegisterMutation } from '../graphql/auth';
import { AuthContext, type AuthContextValue, type AuthStatus, type Viewer } from './AuthContext';
import { rememberNewAccount } from './SavedColorModeSync';

/**
 * The `me` query in Apollo's cache is the single source of truth for who is signed in: login and
 * register write their user into it, logout writes null, so every screen re-renders from one place.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const { data, loading, error } = useQuery(MeQuery, { fetchPolicy: 'cache-first' });

  const user = data?.me ?? null;
  let status: AuthStatus = 'signedOut';
  if (user) status = 'signedIn';
  else if (loading && !error) status = 'checking';

  const signIn = useCallback(
    (viewer: Viewer) => {
      client.writeQuery({ query: MeQuery, data: { me: viewer } });
      // The socket authenticated with the old cookie; reconnect so subscriptions run as the new user.
      subscriptionClient.terminate();
      return viewer;
    },
    [client],
  );

  const login = useCallback(
    async (input: LoginInput) => {
      const result = await client.mutate({ mutation: LoginMutation, variables: { input } });
      if (!result.data) throw new Error('Login returned no data');
      return signIn(result.data.login.user);
    },
    [client, signIn],
  );

  const register = useCallback(
    async (input: RegisterInput) => {
      const result = await client.mutate({ mutation: RegisterMutation, variables: { input } });
      if (!result.data) throw new Error('Registration returned no data');
      rememberNewAccount(result.data.register.user.id);
      return signIn(result.data.register.user);
    },
    [client, signIn],
  );

  const logout = useCallback(async () => {
    await client.mutate({ mutation: LogoutMutation });
    // Nothing of the previous user's may survive into the next session on this device.
    await client.clearStore();
    client.writeQuery({ query: MeQuery, data: { me: null } });
    subscriptionClient.terminate();
  }, [client]);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, login, register, logout }),
    [status, user, login, register, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
