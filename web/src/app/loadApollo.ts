import type { ApolloClient } from '@apollo/client';

/**
 * The Apollo client (and with it Apollo, graphql and graphql-ws: over 50 KB gzipped) is loaded on
 * demand: marketing pages render without it, signed-in pages and data pages wait for it. Type-only
 * imports here keep this module free of Apollo code.
 */
let loading: Promise<ApolloClient> | undefined;

export function loadApollo(): Promise<ApolloClient> {
  loading ??= import('./apollo').then((m) => m.apolloClient);
  return loading;
}

/**
 * The session's operations (me, login, register, logout), loaded with Apollo: their documents
 * share a chunk with the app's other GraphQL documents, which a marketing page has no use for.
 */
export const loadAuthOperations = () => import('../features/accounts/graphql');
