import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  RefetchEventManager,
  split,
  windowFocusSource,
} from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { tap } from 'rxjs';
import { currentLanguage } from '../lib/i18n';
import { listenToOtherTabs, tellOtherTabs } from '../lib/otherTabs';
import { pagedField } from './pagedField';

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

// The api writes its messages in the language the app shows (api/src/platform/i18n.ts).
const httpLink = new HttpLink({
  uri: '/graphql',
  credentials: 'include',
  fetch: (input, init) =>
    fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), 'Accept-Language': currentLanguage() },
    }),
});
const wsLink = new GraphQLWsLink(subscriptionClient);

/**
 * The operations after which My Chats (titles, order, folders, pins) is different: the other tabs of
 * this browser are told, and refetch it (below). An answer finished counts too (it moves its chat up).
 */
const CHAT_LIST_CHANGES = new Set([
  'SendMessage',
  'RenameChat',
  'DeleteChat',
  'Regenerate',
  'EditMessage',
  'SelectMessageVersion',
  'MoveChatToFolder',
  'SetChatPinned',
  'CreateChatFolder',
  'RenameChatFolder',
  'DeleteChatFolder',
]);
const tellTabsAboutChats = new ApolloLink((operation, forward) =>
  forward(operation).pipe(
    tap((result) => {
      if (result.errors?.length) return;
      const name = operation.operationName ?? '';
      const answered =
        name === 'AnswerStream' &&
        (result.data as { answerStream?: { kind?: string } } | null | undefined)?.answerStream?.kind ===
          'done';
      if (answered || CHAT_LIST_CHANGES.has(name)) tellOtherTabs({ kind: 'chatsChanged' });
    }),
  ),
);

const link = tellTabsAboutChats.concat(
  split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, wsLink, httpLink),
);

export const apolloClient = new ApolloClient({
  link,
  cache: new InMemoryCache({
    typePolicies: {
      // A user has exactly one settings record, so it is a singleton: every `updateSettings`
      // result then lands on the same cache entry that `mySettings` reads.
      UserSettings: { keyFields: [] },
      // The admin console's root (features/admin) is one object whose lists are paged: its queries
      // each read some of its fields, which merge into it rather than replace one another.
      AdminQuery: {
        keyFields: [],
        fields: {
          users: pagedField('users', ['search', 'role', 'status', 'first']),
          auditLog: pagedField('entries', ['filter', 'first']),
        },
      },
      JobsOverview: { keyFields: [], fields: { failed: pagedField('jobs', ['first']) } },
      Query: {
        fields: {
          chatPage: pagedField('chats', ['first']),
          gallery: pagedField('posts', ['search', 'tag']),
          filePage: pagedField('files', ['first', 'folderId']),
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

/** Another tab changed the chat list: the lists shown here (My Chats, its folders) ask again. */
let refetchSoon: ReturnType<typeof setTimeout> | undefined;
listenToOtherTabs((news) => {
  if (news.kind !== 'chatsChanged') return;
  // A burst (a sent message, then its answer) is one refetch.
  clearTimeout(refetchSoon);
  refetchSoon = setTimeout(() => {
    apolloClient.refetchQueries({ include: ['Chats', 'ChatFolders'] }).catch((error: unknown) => {
      console.warn('Could not refresh the chat list', error);
    });
  }, 150);
});
