import type { ApolloClient } from '@apollo/client';
import { loadApollo, loadAuthOperations } from '../../../app/loadApollo';
import { whenIdle } from '../../../lib/whenIdle';
import type { AuthStatus, Viewer } from './AuthContext';

/**
 * Who is signed in, as the rest of the app sees it: a mirror of the `me` query in Apollo's cache
 * (the single source of truth), kept in a tiny external store so pages that do not need Apollo can
 * read it without loading Apollo. `startSession()` loads Apollo and starts watching `me`; it runs on
 * the first idle moment of any page, at once on pages that need to know (signed-in routes, sign-in).
 */
export interface SessionSnapshot {
  status: AuthStatus;
  user: Viewer | null;
}

const INITIAL: SessionSnapshot = { status: 'checking', user: null };
let snapshot = INITIAL;
const listeners = new Set<() => void>();
let started: Promise<ApolloClient> | undefined;

export const getSession = () => snapshot;
/** What a pre-rendered page shows (the session is unknown at build time), so hydration matches it. */
export const getServerSession = () => INITIAL;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(next: SessionSnapshot) {
  if (next.status === snapshot.status && next.user === snapshot.user) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

let watching: { unsubscribe(): void } | undefined;

async function watchMe(client: ApolloClient): Promise<void> {
  const { MeQuery } = await loadAuthOperations();
  watching?.unsubscribe();
  watching = client.watchQuery({ query: MeQuery, fetchPolicy: 'cache-first' }).subscribe({
    next: (result) => {
      const { loading, error } = result;
      const user = result.dataState === 'complete' ? (result.data.me ?? null) : null;
      // A network failure counts as signed out (spec §2: redirect to /login).
      const status: AuthStatus = user ? 'signedIn' : loading && !error ? 'checking' : 'signedOut';
      publish({ status, user });
    },
    error: () => publish({ status: 'signedOut', user: null }),
  });
}

export function startSession(): Promise<ApolloClient> {
  started ??= loadApollo().then(async (client) => {
    await watchMe(client);
    return client;
  });
  return started;
}

/**
 * After logout empties Apollo's cache (clearStore), the watch on `me` no longer hears the cache: it
 * starts again from the cache as it is now (me: null), so every screen learns the session ended and
 * the next sign-in is heard too. Without this the app kept the old user (Back showed their chats).
 */
export async function rewatchSession(): Promise<void> {
  await watchMe(await startSession());
}

/**
 * Starts the session check when the browser is idle (after the first paint of a marketing page), or
 * settles on signed out at once when the request carried no session cookie.
 */
export function startSessionWhenIdle(): () => void {
  if (started) return () => {};
  // The api marks a page requested without a session cookie (<html data-session="none">): nobody is
  // signed in, so a visitor who never signs in doesn't load Apollo just to be told so.
  if (document.documentElement.dataset.session === 'none') {
    publish({ status: 'signedOut', user: null });
    return () => {};
  }
  return whenIdle(() => void startSession());
}

/**
 * Asks the server again who is signed in, for a change made outside GraphQL (an e-mail verified
 * through its link): every screen reading `me` then shows the account as it is now.
 */
export async function refreshSession(): Promise<void> {
  const client = await startSession();
  const { MeQuery } = await loadAuthOperations();
  await client.query({ query: MeQuery, fetchPolicy: 'network-only' });
}
