import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChorusModule } from './http/module.ts';
import { modules } from './modules/index.ts';
import type { Config, Env } from './platform/config.ts';
import type { AppServices, CoreServices } from './platform/module.ts';
import type { PgPool } from './platform/pg.ts';
import type { PubSub } from './platform/pubsub.ts';
import { AuthRateLimiter } from './platform/rateLimit.ts';
import { SessionSockets } from './platform/sessionSockets.ts';
import { createStorage } from './platform/storage.ts';

export type { AppServices } from './platform/module.ts';

/**
 * The long-lived objects one api process shares between its GraphQL resolvers and REST routes,
 * built once at start-up: the core ones here, then each module's own (its module.ts `services`).
 */
export function createServices(
  deps: { config: Config; orm: MikroORM; pool: PgPool; pubsub: PubSub },
  env: Env = deps.config.env,
): AppServices {
  const core: CoreServices = {
    ...deps,
    env,
    storage: createStorage(deps.config, deps.config.storageDir),
    limiter: new AuthRateLimiter(deps.config, deps.pool),
    sessionSockets: new SessionSockets(deps.pubsub, deps.pool, deps.config.WS_SESSION_RECHECK_SECONDS * 1000),
  };
  // Each module's services are checked by its own declaration (AppServices, in its module.ts).
  return Object.assign(
    core,
    ...(modules as readonly ChorusModule[]).map((m) => m.services?.(core) ?? {}),
  ) as AppServices;
}
