import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { loadAuthOperations } from '../../../app/loadApollo';
import type { LoginInput, RegisterInput } from '../../../graphql/__generated__/graphql';
import { storedThemeChoice } from '../../../theme/ColorModeProvider';
import { AuthContext, type AuthContextValue, type Viewer } from './AuthContext';
import {
  getServerSession,
  getSession,
  rewatchSession,
  startSession,
  startSessionWhenIdle,
  subscribeSession,
} from './session';
import { markSessionChanged } from './sessionEpoch';

// The tab-to-tab channel loads after the page, out of every public page's initial JavaScript
// (the budget in web/vite.config.ts).
const otherTabs = () => import('../../../lib/otherTabs');
const tellOtherTabs = (news: import('../../../lib/otherTabs').TabNews) =>
  void otherTabs().then((m) => m.tellOtherTabs(news));

/** The socket authenticated with the old cookie; reconnect so subscriptions run as the new user. */
async function reconnectSubscriptions() {
  const { subscriptionClient } = await import('../../../app/apollo');
  subscriptionClient.terminate();
}

/** Ends the session as this tab sees it: nothing of the previous user's may survive into the next. */
async function forgetInThisTab() {
  const client = await startSession();
  const { MeQuery } = await loadAuthOperations();
  await client.clearStore();
  client.writeQuery({ query: MeQuery, data: { me: null } });
  await rewatchSession();
  await reconnectSubscriptions();
}

/**
 * The `me` query in Apollo's cache is the single source of truth for who is signed in: login and
 * register write their user into it, logout writes null, and every screen re-renders from there
 * (through session.ts, which mirrors it without making every page load Apollo first).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // Pages drawn on the server were drawn before anyone knew who is signed in: hydration starts from
  // there. The first news of the session (signed in or out) is a transition, so the re-render it
  // causes (every page reads the session) runs in short slices rather than as one long task as the
  // page starts; later changes (sign-in, sign-out) apply at once.
  const [{ status, user }, setSession] = useState(getServerSession);
  useEffect(() => {
    // Settles at once when the request carried no session cookie, so the first read below knows.
    const stopIdleStart = startSessionWhenIdle();
    let settled = false;
    const apply = () => {
      const next = getSession();
      if (settled) return setSession(next);
      settled = next.status !== 'checking';
      startTransition(() => setSession(next));
    };
    apply();
    const unsubscribe = subscribeSession(apply);
    return () => {
      unsubscribe();
      stopIdleStart();
    };
  }, []);

  const signIn = useCallback(async (viewer: Viewer) => {
    const client = await startSession();
    const { MeQuery } = await loadAuthOperations();
    client.writeQuery({ query: MeQuery, data: { me: viewer } });
    markSessionChanged();
    tellOtherTabs({ kind: 'signedIn', userId: viewer.id });
    await reconnectSubscriptions();
    return viewer;
  }, []);

  const login = useCallback(
    async (input: LoginInput) => {
      const client = await startSession();
      const { LoginMutation } = await loadAuthOperations();
      const result = await client.mutate({ mutation: LoginMutation, variables: { input } });
      if (!result.data) throw new Error('Login returned no data');
      const { user, twoFactorRequired, methods } = result.data.login;
      if (twoFactorRequired || !user) return { methods };
      return { user: await signIn(user) };
    },
    [signIn],
  );

  const completeSecondFactor = useCallback(
    async (code: string) => {
      const client = await startSession();
      const { LoginSecondFactorMutation } = await loadAuthOperations();
      const result = await client.mutate({ mutation: LoginSecondFactorMutation, variables: { code } });
      const user = result.data?.loginSecondFactor.user;
      if (!user) throw new Error('Sign-in returned no user');
      return signIn(user);
    },
    [signIn],
  );

  const register = useCallback(
    async (input: RegisterInput) => {
      const client = await startSession();
      const { RegisterMutation } = await loadAuthOperations();
      // The new account keeps a mode the visitor picked before signing up; one who never picked
      // follows each device's own setting (prefers-color-scheme), so nothing is sent then.
      const picked = storedThemeChoice();
      const darkMode = input.darkMode ?? (picked === 'system' ? undefined : picked === 'dark');
      const result = await client.mutate({
        mutation: RegisterMutation,
        variables: { input: { ...input, ...(darkMode === undefined ? {} : { darkMode }) } },
      });
      const user = result.data?.register.user;
      if (!user) throw new Error('Registration returned no data');
      return signIn(user);
    },
    [signIn],
  );

  const forgetSession = useCallback(async () => {
    await forgetInThisTab();
    markSessionChanged();
    tellOtherTabs({ kind: 'signedOut' });
  }, []);

  // Sign-outs and sign-ins in the browser's other tabs (followOtherTabs.ts).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    void import('./followOtherTabs').then(({ followOtherTabs }) => {
      if (!ended) stop = followOtherTabs(forgetInThisTab, reconnectSubscriptions);
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, []);

  const logout = useCallback(async () => {
    const client = await startSession();
    const { LogoutMutation } = await loadAuthOperations();
    await client.mutate({ mutation: LogoutMutation });
    await forgetSession();
  }, [forgetSession]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      login,
      completeSecondFactor,
      acceptSignIn: signIn,
      register,
      logout,
      forgetSession,
    }),
    [status, user, login, completeSecondFactor, signIn, register, logout, forgetSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
