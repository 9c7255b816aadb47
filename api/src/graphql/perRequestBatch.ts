import type { GraphQLContext } from './context.ts';

/**
 * A field resolver's lookups gathered per request: every item asked about until the next tick is
 * looked up by one call of `load`, which answers by `keyOf(item)` (one query for a page of messages, not one per message).
 */
export function perRequestBatch<T, V>(
  load: (ctx: GraphQLContext, items: T[]) => Promise<Map<string, V>>,
  keyOf: (item: T) => string,
): (ctx: GraphQLContext, item: T) => Promise<V | undefined> {
  const pending = new WeakMap<GraphQLContext, { keys: T[]; loaded: Promise<Map<string, V>> }>();
  return async (ctx, item) => {
    let batch = pending.get(ctx);
    if (!batch) {
      const keys: T[] = [];
      batch = {
        keys,
        loaded: new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          pending.delete(ctx);
          return load(ctx, keys);
        }),
      };
      pending.set(ctx, batch);
    }
    batch.keys.push(item);
    return (await batch.loaded).get(keyOf(item));
  };
}
