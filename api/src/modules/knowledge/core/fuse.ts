/**
 * Reciprocal rank fusion: each list votes 1 / (k + rank) for what it ranks (rank from 1), and the
 * votes add up. It needs no scale shared by the lists (ts_rank and cosine similarity have none), and
 * k = 60 is the value its paper found robust. Ties keep the order of first appearance.
 */
export function fuseRanks<T>(lists: T[][], k = 60): T[] {
  const score = new Map<T, number>();
  for (const list of lists)
    list.forEach((item, i) => {
      score.set(item, (score.get(item) ?? 0) + 1 / (k + i + 1));
    });
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([item]) => item);
}

/** The first items whose lengths fit `budget` (the first always goes in), at most `max`. */
export function withinChars<T>(items: T[], length: (item: T) => number, budget: number, max: number): T[] {
  const kept: T[] = [];
  let used = 0;
  for (const item of items) {
    if (kept.length >= max) break;
    const size = length(item);
    if (kept.length > 0 && used + size > budget) continue;
    kept.push(item);
    used += size;
  }
  return kept;
}
