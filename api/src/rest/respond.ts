import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { requestUserId } from '../http/principal.ts';
import { AppError, type AppErrorCode, messageIn, unauthenticated } from '../platform/errors.ts';
import { requestLanguage } from '../platform/i18n.ts';
import { logger } from '../platform/logger.ts';
import { httpStatusOf } from './status.ts';

/**
 * The REST shims answer errors as `{ message, code }` with the status of the error's code, so the
 * spec's client can show `message` (its request helper prints "status: body").
 */
export const restErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (err instanceof AppError) {
    if (err.code === 'RATE_LIMITED' && typeof err.details?.retryAfterSeconds === 'number') {
      res.setHeader('Retry-After', String(err.details.retryAfterSeconds));
    }
    res.status(httpStatusOf[err.code]).json({
      // In the request's language when the catalogues have the message (api/src/platform/i18n.ts).
      message: messageIn(requestLanguage(req.headers['accept-language']), err),
      code: err.code,
      ...err.details,
    });
    return;
  }
  // body-parser errors (malformed JSON, too large) carry their own 4xx status.
  const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
  if (status === 500) logger.error({ err, url: req.originalUrl }, 'unexpected REST error');
  if (status === 500) {
    res.status(500).json({ message: 'Internal server error' });
    return;
  }
  // Every REST error has its code, these too (a client branches on it, not on the words).
  const code = (Object.keys(httpStatusOf) as AppErrorCode[]).find((c) => httpStatusOf[c] === status);
  res.status(status).json({ message: String(err.message ?? 'Bad request'), code: code ?? 'BAD_USER_INPUT' });
};

/** Express 5 forwards rejected promises to the error handler; this only adds typing. */
export const handler =
  (fn: (req: Request, res: Response, next: NextFunction) => Promise<unknown> | unknown): RequestHandler =>
  async (req, res, next) => {
    await fn(req, res, next);
  };

/** The signed-in user (by session or by personal API token, http/principal.ts), or a 401. */
export function requireSessionUser(req: Request): string {
  const id = requestUserId(req);
  if (!id) throw unauthenticated();
  return id;
}

/**
 * The spec's client asks that nothing under /api is cached (it also adds `_cb`, which we ignore).
 */
export const noCache: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store, no-cache, must-revalidate, private');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('Expires', '0');
  next();
};
