import type { PageMeta } from '@chorus/shared/seo';
import type { AnyEntity, EntityClass, EntitySchema } from '@mikro-orm/core';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { Task } from 'graphile-worker';
import type { ZodType } from 'zod';
import type { Env } from '../platform/config.ts';
import type { AppServices, CoreServices, HookHandlers, WorkerContext } from '../platform/module.ts';

/**
 * What one api module brings, declared in its `modules/<name>/module.ts` and listed once in
 * api/src/modules/index.ts. The api (app.ts, services.ts, rest/, graphql/), the worker, the
 * configuration, the ORM and codegen read that list; none of them names a module.
 */

/** What a module's HTTP routes get: the services and the session middleware (for routes outside /api). */
export interface RouteDeps extends AppServices {
  /** The session (express-session over PostgreSQL, http/sessions.ts). */
  sessionMiddleware: RequestHandler;
}

/** A data page the server draws (http/web.ts): a route kind of @chorus/shared/seo's matchRoute. */
export interface PublicPage {
  kind: string;
  /** The key of its code chunks in web/dist/route-preloads.json. */
  preloadKey: string;
  /** The page's head tags, or null when what the route names does not exist (a 404 with notFoundMeta). */
  meta(route: Record<string, string>, source: PageSource, base: string): Promise<PageMeta | null>;
  notFoundMeta: PageMeta;
  /** A bearer link: kept out of search (X-Robots-Tag), drawn though it has no canonical path. */
  unlisted?: boolean;
}

/**
 * A private page (http/web.ts) that a direct load answers with the app shell (200) only for whom
 * `allows` admits, and with the 404 for everyone else, so its existence is not advertised: the
 * staff console. The module that owns it decides who; this toolkit only asks.
 */
export interface GatedPage {
  /** Whether `path` (trailing slashes removed) is one of its paths. */
  matches(path: string): boolean;
  /** Its head tags (no canonical path: noindex). */
  meta: PageMeta;
  /** Whether the request's visitor may see it (the module reads their session). */
  allows(req: Request, res: Response): Promise<boolean>;
}

/** The public data pages are drawn with, merged from the modules' (web/src/entry-prerender.tsx reads it). */
export type PageSource = Record<string, unknown>;

/** How the web app's routes write links: PUBLIC_URL, or the request's own host (then never cached shared). */
export interface Site {
  origin(req: Request): string;
  cacheable(shared: string, perHost: string): string;
}

export interface ChorusModule {
  /** The folder name under api/src/modules. */
  name: string;
  /** The modules whose code this one imports (the dependency check keeps to it; none may import back). */
  uses?: readonly string[];
  /** ORM entities (the migrations are drafted from all modules' entities). */
  entities?: readonly (EntityClass<AnyEntity> | EntitySchema)[];
  /** Zod fields merged into the api's settings schema (api/src/config.ts); .env.example documents them. */
  settings?: Record<string, ZodType>;
  /** Checks across its settings once they are read (each problem as `NAME: what is wrong`). */
  settingsIssues?: (config: object) => string[];
  /** Its long-lived services, built once per api process from the core ones. */
  services?: (core: CoreServices) => Partial<AppServices>;
  /** Stops what its services run (answers being written), before the database goes away. */
  shutdown?: { step: string; run(services: AppServices): Promise<void> };
  graphql?: {
    /** Its SDL files in schema/ (the contract the web app's codegen reads too). */
    sdl: readonly string[];
    /** Resolver maps (typed against graphql/__generated__/resolvers.ts), merged in the module list's order. */
    resolvers: readonly object[];
    /** GraphQL type -> the TypeScript type its resolvers return (codegen.ts), relative to the module folder. */
    mappers?: Record<string, string>;
  };
  rest?: {
    /** Routes mounted under /api before the JSON parser (webhooks verify the raw body). */
    raw?: (services: AppServices) => Router;
    /** Its /api routes, mounted in the order of the module list (Express matches in order). */
    routes?: Array<(services: AppServices) => Router>;
    /** Paths (under /api) that take HTML form posts rather than JSON. */
    formPaths?: RegExp;
  };
  /** Middleware for /api and /graphql after the session (activity tracking). */
  afterSession?: (services: AppServices) => RequestHandler;
  /** Routes outside /api (media), mounted at `path` after /api and /graphql. */
  http?: Array<{ path: string; router: (deps: RouteDeps) => RequestHandler[] }>;
  /** Routes beside the web app's pages (the sitemap), and the data pages the server draws. */
  web?: {
    routes?: (deps: RouteDeps, site: Site) => Router;
    /** The public data its pages are drawn with, per request. */
    pageSource?: (deps: RouteDeps) => PageSource;
    pages?: readonly PublicPage[];
    /** Private pages only some signed-in people may load directly (the staff console). */
    gatedPages?: (deps: RouteDeps) => readonly GatedPage[];
  };
  /** Reactions to other modules' events. */
  hooks?: HookHandlers;
  worker?: {
    /** What its tasks need beyond the WorkerContext's core (providers). */
    context?: (env: Env) => Partial<WorkerContext>;
    /** Tasks by the job name they run (each job's payload schema is in the module's jobs.ts). */
    tasks?: Record<string, (ctx: WorkerContext) => Task>;
    /** Recurring jobs, graphile-worker crontab lines. */
    cron?: readonly string[];
  };
}

/** Declares a module (only checks its shape, and keeps its precise type for the settings and codegen). */
export const defineModule = <M extends ChorusModule>(module: M): M => module;
