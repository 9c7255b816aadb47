import { msg, translate } from './i18n.ts';

/**
 * One error type for every expected failure. The GraphQL layer maps `code` to
 * `extensions.code`; the REST shims map it to an HTTP status (rest/status.ts) with a JSON `{ message }` body.
 */
export type AppErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'PAYMENT_REQUIRED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UPSTREAM_ERROR'
  /** A feature this server has not been set up for (e.g. voice without STT_BASE_URL): a 503. */
  | 'SERVICE_UNAVAILABLE'
  /** An automatic moderation check refused the text (a 400 whose message says why in plain words). */
  | 'CONTENT_REFUSED';

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Extra machine-readable detail, e.g. the field that failed or seconds until retry. */
  readonly details?: Record<string, unknown>;

  /** The message as a catalogue text with values, to answer in the request's language (textError). */
  readonly text?: { id: string; values?: Record<string, unknown> };
  constructor(
    code: AppErrorCode,
    message: string,
    details?: Record<string, unknown>,
    text?: { id: string; values?: Record<string, unknown> },
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.text = text;
  }
}

/**
 * An error whose message says something with values (a limit, a wait): written in English now, and
 * answered in the request's language from the catalogue text `id` (mark it with msg()).
 */
export const textError = (
  code: AppErrorCode,
  id: string,
  values: Record<string, unknown>,
  details?: Record<string, unknown>,
) => new AppError(code, translate('en', id, values), details, { id, values });

/** An AppError's message in `language` (api/src/platform/i18n.ts). */
export const messageIn = (language: string, error: AppError) =>
  error.text ? translate(language, error.text.id, error.text.values) : translate(language, error.message);

export const badInput = (message: string, details?: Record<string, unknown>) =>
  new AppError('BAD_USER_INPUT', message, details);
export const unauthenticated = (message = msg('Please log in to continue')) =>
  new AppError('UNAUTHENTICATED', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
