import type { EntityManager } from '@mikro-orm/postgresql';
import type { PubSub } from '../../../platform/pubsub.ts';
import { SharedCache } from '../../../platform/sharedCache.ts';
import { getUser, type PublicUser, toPublicUser } from './service.ts';

/**
 * "Who is signed in" is asked on nearly every request (the auth guard, `me`, /api/auth/status).
 * The answer is kept in memory; a trigger on `users` NOTIFYs `user_changed` after any change, and
 * every process drops its copy.
 */
export class CurrentUsers {
  private readonly cache: SharedCache<PublicUser | null>;

  constructor(pubsub: PubSub, ttlMs = 30_000) {
    this.cache = new SharedCache(pubsub, 'user_changed', ttlMs);
  }

  /** `em` is asked for only on a miss: most reads are served from memory without a database session. */
  get(em: () => EntityManager, userId: string): Promise<PublicUser | null> {
    return this.cache.get(userId, async () => {
      const user = await getUser(em(), userId);
      return user ? toPublicUser(user) : null;
    });
  }

  /** For writes made in this process: drop at once rather than wait for the NOTIFY. */
  forget(userId: string): void {
    this.cache.drop(userId);
  }
}
