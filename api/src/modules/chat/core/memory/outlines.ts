import type { PubSub } from '../../../../platform/pubsub.ts';
import { SharedCache } from '../../../../platform/sharedCache.ts';

/** Whether a user has memory on, and whether anything is remembered about them at all. */
export interface MemoryOutline {
  enabled: boolean;
  hasAny: boolean;
}

/**
 * Each user's memory outline, kept in memory. Every prompt waits for its memories before its
 * provider is asked, and most prompts come from users with memory off or nothing remembered yet:
 * for those the outline answers without a database round trip. A memory stored or deleted anywhere
 * (a trigger NOTIFYs `memories_changed`) or a change to the user (their settings; `user_changed`)
 * drops the outline in every process.
 */
export class MemoryOutlines {
  private readonly cache: SharedCache<MemoryOutline>;

  constructor(pubsub: PubSub, ttlMs = 60_000) {
    this.cache = new SharedCache(pubsub, ['memories_changed', 'user_changed'], ttlMs);
  }

  /** The outline when it is known to leave nothing to look up, else undefined. */
  nothingToLookUp(userId: string): MemoryOutline | undefined {
    const outline = this.cache.peek(userId);
    return outline && !(outline.enabled && outline.hasAny) ? outline : undefined;
  }

  /** Runs the lookup and keeps its outline, unless a change was announced while it ran. */
  async lookUp<T extends MemoryOutline>(userId: string, run: () => Promise<T>): Promise<T> {
    let result: T | undefined;
    await this.cache.get(userId, async () => {
      result = await run();
      return { enabled: result.enabled, hasAny: result.hasAny };
    });
    // Another prompt's lookup stored an outline meanwhile: this prompt still needs its own facts.
    return result ?? run();
  }
}
