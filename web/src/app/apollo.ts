import {
  ApolloClient,
  HttpLink,
  InMemoryCache,
  type Reference,
  RefetchEventManager,
  split,
  windowFocusSource,
} from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';

/**
 * One Apollo client for the whole app. Queries and mutations go over HTTP to the same origin (the
 * session cookie rides along); subscriptions use graphql-ws on the same /graphql path, where the
 * server reads the same cookie during the WebSocket handshake.
 */

function subscriptionUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/graphql`;
}

/** Exposed so a sign-in or sign-out can reconnect the socket under the new session. */
export const subscriptionClient = createClient({ url: subscriptionUrl(), lazy: true });

const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include' });
const wsLink = new GraphQLWsLink(subscriptionClient);

const link = split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, wsLink, httpLink);

/** The cache's shape of a chatPage answer: its chats are references to Chat entries. */
type ChatPageRef = { chats: readonly Reference[]; nextCursor?: string | null };

export const apolloClient = new ApolloClient({
  link,
  cache: new InMemoryCache({
    typePolicies: {
      // A user has exactly one settings record, so it is a singleton: every `updateSettings`
      // result then lands on the same cache entry that `mySettings` reads.
      UserSettings: { keyFields: [] },
      Query: {
        fields: {
          // My Chats is one list however many pages were read: a page read with a cursor joins the
          // pages before it; the first page read again (after a send, a pin, a window focus) takes
          // the first page's place and the pages read beyond it stay, so the list does not shrink.
          chatPage: {
            keyArgs: ['first'],
            merge(existing: ChatPageRef | undefined, incoming: ChatPageRef, { args, readField }) {
              if (!existing) return incoming;
              const idOf = (chat: Reference) => readField<string>('id', chat);
              if (args?.after) {
                const seen = new Set(existing.chats.map(idOf));
                return {
                  ...incoming,
                  chats: [...existing.chats, ...incoming.chats.filter((c) => !seen.has(idOf(c)))],
                };
              }
              if (!incoming.nextCursor) return incoming;
              const seen = new Set(incoming.chats.map(idOf));
              const lastId =
                incoming.chats.length > 0 ? idOf(incoming.chats[incoming.chats.length - 1]!) : undefined;
              const cut = existing.chats.findIndex((c) => idOf(c) === lastId);
              const beyond = existing.chats.slice(cut >= 0 ? cut + 1 : incoming.chats.length);
              if (beyond.length === 0) return incoming;
              return {
                chats: [...incoming.chats, ...beyond.filter((c) => !seen.has(idOf(c)))],
                nextCursor: existing.nextCursor ?? null,
              };
            },
          },
        },
      },
    },
  }),
  // The spec treats data as always stale and refreshes it when the window regains focus.
  refetchEventManager: new RefetchEventManager({ sources: { windowFocus: windowFocusSource } }),
  defaultOptions: {
    watchQuery: { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' },
  },
});
