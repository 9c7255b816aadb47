import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { ErrorRequestHandler } from 'express';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { AppError, messageIn } from '../platform/errors.ts';
import { requestLanguage, translate } from '../platform/i18n.ts';
import { logger } from '../platform/logger.ts';
import { httpStatusOf } from '../rest/status.ts';

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

/**
 * Failures on /graphql before Apollo runs (the session store, a malformed JSON body) answered as a
 * GraphQL response, so clients read them like any other error.
 */
export const graphqlHttpErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (err instanceof AppError) {
    res.status(httpStatusOf[err.code]).json({
      errors: [{ message: err.message, extensions: { code: err.code, ...err.details } }],
    });
    return;
  }
  const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
  if (status === 500) logger.error({ err, url: req.originalUrl }, 'unexpected /graphql error');
  res.status(status).json({
    errors: [
      status === 500
        ? { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }
        : { message: String(err.message ?? 'Bad request'), extensions: { code: 'BAD_REQUEST' } },
    ],
  });
};

/**
 * Error messages in the request's language (its Accept-Language; api/src/platform/i18n.ts) when the
 * catalogues have them; English answers are left as they are.
 */
export const translateErrorsPlugin: ApolloServerPlugin = {
  async requestDidStart({ request }) {
    const language = requestLanguage(request.http?.headers.get('accept-language') ?? undefined);
    if (language === 'en') return;
    // The errors as thrown (an AppError may carry its text with values), by the message they answer.
    const thrown = new Map<string, AppError>();
    return {
      async didEncounterErrors({ errors }) {
        for (const error of errors) {
          const original = unwrapResolverError(error);
          if (original instanceof AppError) thrown.set(original.message, original);
        }
      },
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single' || !response.body.singleResult.errors) return;
        response.body.singleResult.errors = response.body.singleResult.errors.map((error) => {
          const original = thrown.get(error.message);
          return {
            ...error,
            message: original ? messageIn(language, original) : translate(language, error.message),
          };
        });
      },
    };
  },
};
