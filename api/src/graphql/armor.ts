import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ParseOptions } from 'graphql';
import { production } from '../platform/config.ts';

/**
 * The one definition of how big a GraphQL document may be, for HTTP (Apollo) and WebSocket
 * (graphql-ws) alike.
 */
export const GRAPHQL_LIMITS = {
  maxTokens: 2000,
  maxDepth: 8,
  maxAliases: 15,
  maxDirectives: 20,
  maxCost: 3000,
} as const;

/**
 * graphql's own parser stops after `maxTokens` tokens with a syntax error, so an oversized
 * document is refused before it is fully parsed, and the refusal is a parse error (400 over HTTP).
 * (graphql-armor's token plugin throws from an Apollo hook instead, which Apollo answers with 500.)
 */
export const parseOptions: ParseOptions = { maxTokens: GRAPHQL_LIMITS.maxTokens };

/**
 * Limits that stop expensive or abusive documents before they execute: nesting depth, aliases,
 * directives and an estimated cost, as validation rules that graphql-ws runs too.
 */
export const armor = new ApolloArmor({
  maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true },
  maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
  maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
  // Counted by the parser itself (parseOptions above).
  maxTokens: { enabled: false },
  costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, ignoreIntrospection: true },
  blockFieldSuggestion: { enabled: production },
}).protect();
