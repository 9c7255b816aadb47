import { logger } from './logger.ts';
import type { PubSub } from './pubsub.ts';

/**
 * An in-process cache whose entries are dropped by every process when a Postgres NOTIFY on one of
 * its channels names their key, so data read on nearly every request can be served from memory without going stale
 * across processes. A read that races an invalidation is not stored (per-key generations), and
 * entries expire after `ttlMs` regardless.
 */
export class SharedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private readonly generations = new Map<string, number>();
  /** Bumped by dropPrefix: a read that started before it is not stored (its key was unknown then). */
  private epoch = 0;

  constructor(
    pubsub: PubSub,
    channels: string | readonly string[],
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {
    for (const channel of typeof channels === 'string' ? [channels] : channels) {
      pubsub
        .subscribe(channel, (key) => this.drop(key))
        .catch((err) => logger.error({ err, channel }, 'cache invalidation channel unavailable'));
    }
  }

  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  async get(key: string, load: () => Promise<V>, ttlMs = this.ttlMs): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const generation = this.generations.get(key) ?? 0;
    const epoch = this.epoch;
    const value = await load();
    if ((this.generations.get(key) ?? 0) === generation && this.epoch === epoch) this.put(key, value, ttlMs);
    return value;
  }

  put(key: string, value: V, ttlMs = this.ttlMs): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: Date.now() + ttlMs });
  }

  /** Drops the key here only (the NOTIFY that follows a database change drops it everywhere). */
  drop(key: string): void {
    this.entries.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    if (this.generations.size > this.maxEntries) this.generations.clear();
  }

  /** Drops here every key that starts with `prefix` (e.g. all of one user's), reads in flight included. */
  dropPrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    this.epoch++;
  }
}
