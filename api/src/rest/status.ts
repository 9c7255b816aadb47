import type { AppErrorCode } from '../platform/errors.ts';

/**
 * The HTTP status of each domain error code. It belongs to the HTTP layers (the REST shims and the
 * /graphql transport errors), not to the domain: services only say what went wrong.
 */
export const httpStatusOf: Record<AppErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UPSTREAM_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  CONTENT_REFUSED: 400,
};
