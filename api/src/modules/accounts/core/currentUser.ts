import type { EntityManager } from '@mikro-orm/postgresql';
import type { PubSub } from '../../../platform/pubsub.ts';
import { SharedCache } from '../../../platform/sharedCache.ts';
import { twoFactorStatus } from './secondFactor.ts';
import { getUser, type PublicUser, toPublicUser } from './service.ts';

/**
 * "Who is signed in" is asked on nearly every request (the auth guard, `me`, /api/auth/status).
 * The answer is kept in memory; a trigger on `users` NOTIFYs `user_changed` after any change, and
 * every process drops its copy.
 */
export class CurrentUsers {
  private readonly cache: SharedCache<PublicUser | null>;
  /** Whether they sign in with a second factor; triggers on user_totp and passkeys NOTIFY too. */
  private readonly secondFactor: SharedCache<boolean>;

  constructor(pubsub: PubSub, ttlMs = 30_000) {
    this.cache = new SharedCache(pubsub, 'user_changed', ttlMs);
    this.secondFactor = new SharedCache(pubsub, 'user_changed', ttlMs);
  }

  /** Whether the user has an authenticator app or a passkey (GET /api/auth/status says so). */
  twoFactorEnabled(em: () => EntityManager, userId: string): Promise<boolean> {
    return this.secondFactor.get(userId, async () => (await twoFactorStatus(em(), userId)).enabled);
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
    this.secondFactor.drop(userId);
  }
}
