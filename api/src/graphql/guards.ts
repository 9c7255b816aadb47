import type { Request } from 'express';
import { AppError, unauthenticated } from '../platform/errors.ts';
import { msg } from '../platform/i18n.ts';
import type { GraphQLContext } from './context.ts';

export function requireUserId(ctx: GraphQLContext): string {
  if (!ctx.userId) throw unauthenticated();
  return ctx.userId;
}

/** Signing in or out changes the cookie, which only an HTTP request can do. */
export function requireHttp(ctx: GraphQLContext): Request {
  if (!ctx.req)
    throw new AppError('BAD_USER_INPUT', msg('This operation must be sent over HTTP, not a WebSocket'));
  return ctx.req;
}

/** A query that answers null for a row that is missing (or not the caller's) rather than an error. */
export async function nullWhenNotFound<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
    throw e;
  }
}
