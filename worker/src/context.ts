import type { DeliveryConfig, ProviderProfiles, VideoProviders } from '@chorus/api/core';
import type { PubSub, Storage } from '@chorus/api/platform';
import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * What every task may use: one ORM per worker process (each job forks its own EntityManager),
 * the media storage, the cross-process pub/sub (progress reaches browsers through the api) and
 * the configured video provider.
 */
export interface WorkerContext {
  orm: MikroORM;
  storage: Storage;
  pubsub: PubSub;
  /** The video models, as the api reads them; each job renders with the one it was asked of. */
  video: VideoProviders;
  /** The api's public origin, for the webhook addresses given to providers. */
  publicUrl?: string | undefined;
  /** How outgoing email and SMS travel (platform/mail.ts). */
  delivery: DeliveryConfig;
  /** The assistants' providers (memory distillation asks the default one), as the api reads them. */
  profiles: ProviderProfiles;
  /** After how long without a heartbeat an answer's writer is taken for gone (as the api's setting). */
  answerStaleAfterMs: number;
  /** The most messages one imported chat may have (IMPORT_MAX_MESSAGES_PER_CHAT). */
  importMaxMessagesPerChat: number;
  /** How old a stored object no row names must be before the sweep deletes it (ORPHAN_SWEEP_GRACE_MINUTES). */
  orphanGraceMs: number;
}
