import type { MikroORM } from '@mikro-orm/postgresql';
import { SessionSockets } from './http/sessionSockets.ts';
import { AccountMailLimiter } from './modules/accounts/core/accountMailLimit.ts';
import { CurrentUsers } from './modules/accounts/core/currentUser.ts';
import { configurePasswordHashing } from './modules/accounts/core/password.ts';
import { configureSecondFactor } from './modules/accounts/core/secondFactor.ts';
import type { BillingService } from './modules/billing/core/service.ts';
import { createBilling } from './modules/billing/providers/setup.ts';
import { ChatEngine } from './modules/chat/core/engine.ts';
import { ProviderProfiles } from './modules/chat/providers/profiles.ts';
import { PUBLIC_VIDEOS_CHANGED, type PublicVideosPage } from './modules/video/core/posts.ts';
import { type VideoProviders, videoProvidersFromEnv } from './modules/video/providers/index.ts';
import type { Config, Env } from './platform/config.ts';
import type { PgPool } from './platform/pg.ts';
import type { PubSub } from './platform/pubsub.ts';
import { AuthRateLimiter } from './platform/rateLimit.ts';
import { SharedCache } from './platform/sharedCache.ts';
import { createStorage, type Storage } from './platform/storage.ts';

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
  /** How often password-reset and verification e-mails may be asked for (per address, per IP). */
  accountMail: AccountMailLimiter;
  currentUsers: CurrentUsers;
  /** Live: follows edits of AI_PROVIDERS_FILE. */
  profiles: ProviderProfiles;
  chat: ChatEngine;
  storage: Storage;
  /** The video models (live: follows edits of VIDEO_PROVIDERS_FILE); the worker renders with the same. */
  videoProviders: VideoProviders;
  /** The community gallery's first page, shared by every request of this process. */
  publicVideosFirstPage: SharedCache<PublicVideosPage>;
  billing: BillingService;
  /** Signed-in WebSockets by session and user: ending a session closes its sockets in every process. */
  sessionSockets: SessionSockets;
}

export function createServices(
  deps: { config: Config; orm: MikroORM; pool: PgPool; pubsub: PubSub },
  env: Env = deps.config.env,
): AppServices {
  const profiles = new ProviderProfiles(env);
  configureSecondFactor(deps.config.TWO_FACTOR_KEY ?? deps.config.SESSION_SECRET);
  configurePasswordHashing({
    concurrency: deps.config.PASSWORD_HASH_CONCURRENCY,
    maxQueue: deps.config.PASSWORD_HASH_QUEUE_MAX,
  });
  const storage = createStorage(deps.config, deps.config.storageDir);
  return {
    ...deps,
    limiter: new AuthRateLimiter(deps.config, deps.pool),
    accountMail: new AccountMailLimiter(deps.config, deps.pool),
    currentUsers: new CurrentUsers(deps.pubsub),
    profiles,
    storage,
    videoProviders: videoProvidersFromEnv(env),
    publicVideosFirstPage: new SharedCache(deps.pubsub, PUBLIC_VIDEOS_CHANGED, 5_000),
    billing: createBilling(deps.orm, deps.config),
    sessionSockets: new SessionSockets(deps.pubsub, deps.pool, deps.config.WS_SESSION_RECHECK_SECONDS * 1000),
    chat: new ChatEngine(deps.orm, deps.pubsub, profiles, storage, {
      offlineDelayMs: deps.config.AI_OFFLINE_DELAY_MS,
      heartbeatMs: deps.config.AI_ANSWER_HEARTBEAT_MS,
      staleAfterMs: deps.config.AI_ANSWER_STALE_AFTER_MS,
      historyBudgetTokens: deps.config.AI_HISTORY_BUDGET_TOKENS,
    }),
  };
}
