import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, RequestHandler, Response } from 'express';
import type { ChorusModule } from '../http/module.ts';
import type { AppServices } from '../platform/module.ts';

/** What the GraphQL transports (server.ts over HTTP, ws.ts over WebSocket) are built with. */
export interface GraphQLDeps {
  services: AppServices;
  /** The session (http/sessions.ts): the WebSocket upgrade reads it too. */
  sessionMiddleware: RequestHandler;
  /** The modules whose SDL and resolvers make the schema (modules/index.ts). */
  modules: readonly ChorusModule[];
}

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

/**
 * The context as both transports build it. Its EntityManager is forked on first use: an operation
 * answered from memory (`me`, following an answer written in this process) needs no database
 * session. The getter lives on the prototype on purpose: Apollo Server copies the context's own
 * properties for every operation (`Object.assign(Object.create(proto), context)`), which would call
 * an own getter, and fork, on every request (6% of `me`'s CPU when it was one).
 */
export class RequestContext implements GraphQLContext {
  /** Set by the first read of `em`; a copy made before that forks its own when it needs one. */
  private forkedEm: EntityManager | undefined = undefined;

  constructor(
    readonly services: AppServices,
    readonly userId: string | null,
    readonly ip: string,
    readonly req?: Request,
    readonly res?: Response,
  ) {}

  get em(): EntityManager {
    this.forkedEm ??= this.services.orm.em.fork();
    return this.forkedEm;
  }
}
