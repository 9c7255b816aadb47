import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { AppServices } from '../services.ts';

/**
 * Built the same way for HTTP requests and graphql-ws connections: a fresh EntityManager fork per
 * operation, the signed-in user's id (or null), and the request when there is one (HTTP only:
 * signing in and out needs it).
 */
export interface GraphQLContext {
  em: EntityManager;
  userId: string | null;
  ip: string;
  req?: Request;
  res?: Response;
  services: AppServices;
}
