import { ApolloArmor } from '@escape.tech/graphql-armor';

/**
 * The token limit is graphql-js's own parse option (server.ts), not armor's: armor's plugin throws
 * from Apollo's parsingDidStart hook, which Apollo answers as a 500, where a parse error is a 400.
 */
export const MAX_TOKENS = 2000;

/**
 * Limits that stop expensive or abusive documents before they execute: nesting depth, aliases,
 * directives and an estimated cost (tokens: MAX_TOKENS above). The same validation rules guard graphql-ws.
 */
export const armor = new ApolloArmor({
  maxDepth: { n: 8, ignoreIntrospection: true },
  maxAliases: { n: 15 },
  maxDirectives: { n: 20 },
  maxTokens: { enabled: false },
  costLimit: { maxCost: 3000, ignoreIntrospection: true },
  blockFieldSuggestion: { enabled: process.env.NODE_ENV === 'production' },
}).protect();
