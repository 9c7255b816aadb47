import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { type FormattedExecutionResult, GraphQLError, type ParseOptions } from 'graphql';
import { production } from '../platform/config.ts';
import { logger } from '../platform/logger.ts';
import { COST_LIMITS, costRefusal } from './cost.ts';

/**
 * The one definition of how big a GraphQL document may be, for HTTP (Apollo) and WebSocket
 * (graphql-ws) alike.
 */
export const GRAPHQL_LIMITS = {
  maxTokens: 2000,
  maxDepth: 8,
  // Few: a handful of aliases of one costly field is what the cost limit (cost.ts) counts anyway.
  maxAliases: 8,
  maxDirectives: 20,
  maxCost: COST_LIMITS.maxCost,
} as const;

/**
 * graphql's own parser stops after `maxTokens` tokens with a syntax error, so an oversized
 * document is refused before it is fully parsed, and the refusal is a parse error (400 over HTTP).
 * (graphql-armor's token plugin throws from an Apollo hook instead, which Apollo answers with 500.)
 */
export const parseOptions: ParseOptions = { maxTokens: GRAPHQL_LIMITS.maxTokens };

/**
 * Limits that stop expensive or abusive documents before they execute: nesting depth, aliases and
 * directives, as validation rules that graphql-ws runs too. The cost is counted after validation,
 * with the variables (costPlugin below, and ws.ts).
 */
export const armor = new ApolloArmor({
  maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true },
  maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
  maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
  // Counted by the parser itself (parseOptions above).
  maxTokens: { enabled: false },
  // Counted with variables and schema defaults by cost.ts instead.
  costLimit: { enabled: false },
  blockFieldSuggestion: { enabled: production },
}).protect();

/**
 * Refuses an operation over the cost limit once Apollo knows which one runs and with what
 * variables, before anything executes: a 400 with the cost and the limit.
 */
export const costPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ schema, document, request }) {
        const refusal = costRefusal({
          schema,
          document,
          operationName: request.operationName,
          variables: request.variables,
        });
        if (refusal) {
          logger.info({ cost: refusal.extensions.cost }, 'GraphQL operation over the cost limit refused');
          throw new GraphQLError(refusal.message, {
            extensions: { ...refusal.extensions, http: { status: 400 } },
          });
        }
      },
    };
  },
};

/**
 * An answer over `maxBytes` (bytes of its JSON) becomes a RESPONSE_TOO_LARGE error: the cost limit
 * counts items, not their text, and a page of long messages can still be large.
 */
export function responseTooLarge(maxBytes: number) {
  return new GraphQLError(`The answer is larger than ${maxBytes} bytes: ask for fewer items or fields.`, {
    extensions: { code: 'RESPONSE_TOO_LARGE', maxBytes },
  });
}

/** Apollo's stringifyResult, with the size bound above. */
export function boundedStringify(maxBytes: number) {
  return (value: FormattedExecutionResult): string => {
    const text = JSON.stringify(value);
    // A string's length is at most its UTF-8 byte length: count bytes only when it might be over.
    if (text.length * 3 <= maxBytes || Buffer.byteLength(text) <= maxBytes) return text;
    logger.warn({ bytes: Buffer.byteLength(text), maxBytes }, 'GraphQL answer over the size limit replaced');
    return JSON.stringify({ errors: [responseTooLarge(maxBytes).toJSON()] });
  };
}
