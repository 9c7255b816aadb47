import type { MikroORM } from '@mikro-orm/postgresql';
import express, { Router } from 'express';
import { notFound } from '../domain/errors.ts';
import type { AuthRateLimiter } from '../platform/rateLimit.ts';
import { authRoutes } from './auth.ts';
import { noCache, restErrorHandler } from './respond.ts';

/** Every /api/* shim of the spec's table, one router per domain. */
export function restApi(deps: { orm: MikroORM; limiter: AuthRateLimiter }): Router {
  const api = Router();
  api.use(noCache);
  api.use(express.json({ limit: '1mb' }));
  api.use(authRoutes(deps.orm, deps.limiter));
  api.use(() => {
    throw notFound('Not found');
  });
  api.use(restErrorHandler);
  return api;
}
