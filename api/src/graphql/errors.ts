import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { AppError } from '../domain/errors.ts';
import { logger } from '../platform/logger.ts';

/**
 * Expected failures (AppError) reach the client with their message and `extensions.code`.
 * Anything else is logged and reported as a generic internal error, never with its details.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: { code: original.code, ...original.details },
    };
  }
  // Parse/validation errors and errors the server raised on purpose already carry a code.
  if (original instanceof GraphQLError || formatted.extensions?.code !== 'INTERNAL_SERVER_ERROR') {
    return formatted;
  }
  logger.error({ err: original, path: formatted.path }, 'unexpected GraphQL error');
  return {
    message: 'Internal server error',
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}

/** Same mapping for errors thrown inside graphql-ws subscriptions. */
export function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof AppError) {
    return new GraphQLError(error.message, { extensions: { code: error.code, ...error.details } });
  }
  if (error instanceof GraphQLError) return error;
  logger.error({ err: error }, 'unexpected subscription error');
  return new GraphQLError('Internal server error', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}
