import type { MikroORM } from '@mikro-orm/postgresql';
import { CurrentUsers } from './domain/accounts/currentUser.ts';
import type { Config } from './platform/config.ts';
import type { PgPool } from './platform/pg.ts';
import type { PubSub } from './platform/pubsub.ts';
import { AuthRateLimiter } from './platform/rateLimit.ts';

/**
 * The long-lived objects one api process shares between its GraphQL resolvers and REST shims,
 * built once at start-up.
 */
export interface AppServices {
  config: Config;
  orm: MikroORM;
  pool: PgPool;
  pubsub: PubSub;
  limiter: AuthRateLimiter;
  currentUsers: CurrentUsers;
}

export function createServices(deps: {
  config: Config;
  orm: MikroORM;
  pool: PgPool;
  pubsub: PubSub;
}): AppServices {
  return {
    ...deps,
    limiter: new AuthRateLimiter(deps.config, deps.pool),
    currentUsers: new CurrentUsers(deps.pubsub),
  };
}
