/**
 * How a blind compare shows its answers: "Assistant A", "Assistant B"… in a fixed shuffle. Shared
 * so the chat (web/src/features/compare/compareRules.ts) and a share link's snapshot
 * (api/src/modules/shares/core/service.ts) put the same answer under the same letter.
 * Tested in web/src/features/compare/compareRules.test.ts.
 */

/** "Assistant A", "Assistant B"… for the columns of a blind compare. */
export function blindLabel(index: number): string {
  return `Assistant ${String.fromCharCode(65 + (index % 26))}`;
}

/** A small stable hash of a string (FNV-1a), the seed of a compare's shuffle. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/**
 * The order a blind compare shows its `count` answers in: shuffled, but the same for the same
 * compare id every time (after a reload too), so "Assistant B" stays the same answer until the vote.
 */
export function blindOrder(compareId: string, count: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  let seed = hash(compareId) || 1;
  for (let i = count - 1; i > 0; i -= 1) {
    // xorshift32: enough to shuffle a handful of columns evenly.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

/**
 * What a compare's column is called: the assistant's name; in a blind compare its letter while the
 * names are hidden (`hidden`: no vote yet), then "Assistant B · Claude".
 */
export function compareColumnName(
  position: number,
  realName: string,
  { blind, hidden }: { blind: boolean; hidden: boolean },
): string {
  if (hidden) return blindLabel(position);
  return blind ? `${blindLabel(position)} · ${realName}` : realName;
}
