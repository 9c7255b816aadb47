import { ApolloArmor } from '@escape.tech/graphql-armor';

/**
 * Limits that stop expensive or abusive documents before they execute: nesting depth, aliases,
 * directives, tokens and an estimated cost. The same validation rules guard graphql-ws.
 */
export const armor = new ApolloArmor({
  maxDepth: { n: 8, ignoreIntrospection: true },
  maxAliases: { n: 15 },
  maxDirectives: { n: 20 },
  maxTokens: { n: 2000 },
  costLimit: { maxCost: 3000, ignoreIntrospection: true },
  blockFieldSuggestion: { enabled: process.env.NODE_ENV === 'production' },
}).protect();
