import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config, Env } from './config.ts';
import type { DeliveryConfig } from './mail.ts';
import type { PgPool } from './pg.ts';
import type { PubSub } from './pubsub.ts';
import type { AuthRateLimiter } from './rateLimit.ts';
import type { SessionSockets } from './sessionSockets.ts';
import type { Storage } from './storage.ts';

/**
 * The services, worker context and events the modules share and extend (by declaration merging in
 * their module.ts). What a module declares is typed in http/module.ts (ChorusModule).
 */

/** The long-lived objects every module may use, built by services.ts before the modules' own. */
export interface CoreServices {
  config: Config;
  orm: MikroORM;
  pool: PgPool;
  pubsub: PubSub;
  /** The environment the settings were read from (providers read their per-assistant keys from it). */
  env: Env;
  storage: Storage;
  limiter: AuthRateLimiter;
  /** Signed-in WebSockets by session and user: ending a session closes its sockets in every process. */
  sessionSockets: SessionSockets;
}

/**
 * Every long-lived object one api process shares between its GraphQL resolvers and REST routes.
 * Each module that owns some adds them here by declaration merging in its module.ts
 * (`declare module '../../platform/module.ts' { interface AppServices { chat: ChatEngine } }`), so this
 * toolkit names no module and every module still sees them typed.
 */
export interface AppServices extends CoreServices {}

/** What every worker task may use; modules add theirs by declaration merging, as for AppServices. */
export interface WorkerContext {
  orm: MikroORM;
  storage: Storage;
  pubsub: PubSub;
  env: Env;
  /** The api's public origin, for links and webhook addresses. */
  publicUrl?: string | undefined;
  /** How outgoing email and SMS travel (platform/mail.ts). */
  delivery: DeliveryConfig;
  /** After how long without a heartbeat an answer's writer is taken for gone (as the api's setting). */
  answerStaleAfterMs: number;
  /** The most messages one imported chat may have (IMPORT_MAX_MESSAGES_PER_CHAT). */
  importMaxMessagesPerChat: number;
  /** How old a stored object no row names must be before the sweep deletes it (ORPHAN_SWEEP_GRACE_MINUTES). */
  orphanGraceMs: number;
}

/** Typed in-process events one module raises and others react to (platform/hooks.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules.
export interface HookEvents {}

export type HookHandlers = { [K in keyof HookEvents]?: (event: HookEvents[K]) => Promise<void> };
