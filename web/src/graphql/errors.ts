import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { ApiError } from '../lib/api';

/** Codes the api attaches to expected failures (`extensions.code`); their messages are meant for people. */
const USER_FACING_CODES = new Set([
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'RATE_LIMITED',
  'NOT_FOUND',
  'PAYMENT_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  // An automatic moderation check refused a prompt or a post: its message says why and what to do.
  'CONTENT_REFUSED',
]);

export type ApiFailure =
  /** The server refused the request on purpose and said why. */
  | {
      kind: 'rejected';
      code: string;
      message: string;
      /** Where to upgrade, on PAYMENT_REQUIRED (a plan's allowance is used up). */
      upgradeUrl?: string;
      /** Which allowance, on PAYMENT_REQUIRED: prompts, image_analysis, image_generation or videos. */
      feature?: string;
    }
  /** The network failed, or the server broke in a way it did not explain. */
  | { kind: 'unexpected' };

interface FormattedError {
  message?: unknown;
  extensions?: { code?: unknown; upgradeUrl?: unknown; feature?: unknown } | null;
}

function fromFormattedErrors(errors: readonly FormattedError[] | undefined): ApiFailure {
  const first = errors?.[0];
  const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : '';
  if (first && typeof first.message === 'string' && USER_FACING_CODES.has(code)) {
    const upgradeUrl = first.extensions?.upgradeUrl;
    const feature = first.extensions?.feature;
    return {
      kind: 'rejected',
      code,
      message: first.message,
      ...(typeof upgradeUrl === 'string' && /^\/(?!\/)/.test(upgradeUrl) ? { upgradeUrl } : {}),
      ...(typeof feature === 'string' ? { feature } : {}),
    };
  }
  return { kind: 'unexpected' };
}

/**
 * Sorts any error an Apollo operation or a REST call (lib/api.ts) can throw into "tell the user the
 * server's reason" or "something broke".
 */
export function readApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError) {
    return fromFormattedErrors([{ message: error.message, extensions: { code: error.code } }]);
  }
  if (CombinedGraphQLErrors.is(error)) return fromFormattedErrors(error.errors);
  // Rate limiting and similar answers may arrive as a non-2xx HTTP status with a GraphQL body.
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: FormattedError[] };
      return fromFormattedErrors(body.errors);
    } catch {
      return { kind: 'unexpected' };
    }
  }
  return { kind: 'unexpected' };
}

/** True when the server said the session is missing or expired. */
export function isUnauthenticated(error: unknown): boolean {
  const failure = readApiFailure(error);
  return failure.kind === 'rejected' && failure.code === 'UNAUTHENTICATED';
}
