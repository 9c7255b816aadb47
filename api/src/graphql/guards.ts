import type { Request } from 'express';
import { AppError, unauthenticated } from '../platform/errors.ts';
import type { GraphQLContext } from './context.ts';

export function requireUserId(ctx: GraphQLContext): string {
  if (!ctx.userId) throw unauthenticated();
  return ctx.userId;
}

/** Signing in or out changes the cookie, which only an HTTP request can do. */
export function requireHttp(ctx: GraphQLContext): Request {
  if (!ctx.req)
    throw new AppError('BAD_USER_INPUT', 'This operation must be sent over HTTP, not a WebSocket');
  return ctx.req;
}
