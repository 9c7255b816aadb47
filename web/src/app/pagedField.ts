import type { FieldPolicy, Reference } from '@apollo/client';

/** The cache's shape of a page answer: its items are references, beside the next page's cursor. */
type PageRef = { nextCursor?: string | null } & Record<string, unknown>;

/**
 * A paged list (My Chats, My Video Gallery) is one list however many pages were read: a page read
 * with a cursor (`after`) joins the pages before it; the first page read again (after a change, a
 * window focus) takes the first page's place and the pages read beyond it stay, so the list does
 * not shrink. `items` names the page's list field; `keyArgs` the arguments that make another list.
 */
export function pagedField(items: string, keyArgs: string[]): FieldPolicy<PageRef> {
  return {
    keyArgs,
    merge(existing, incoming, { args, readField }) {
      if (!existing) return incoming;
      const idOf = (item: Reference) => readField<string>('id', item);
      const before = existing[items] as readonly Reference[];
      const fresh = incoming[items] as readonly Reference[];
      if (args?.after) {
        const seen = new Set(before.map(idOf));
        return { ...incoming, [items]: [...before, ...fresh.filter((item) => !seen.has(idOf(item)))] };
      }
      if (!incoming.nextCursor) return incoming;
      const seen = new Set(fresh.map(idOf));
      const lastId = fresh.length > 0 ? idOf(fresh[fresh.length - 1]!) : undefined;
      const cut = before.findIndex((item) => idOf(item) === lastId);
      const beyond = before.slice(cut >= 0 ? cut + 1 : fresh.length);
      if (beyond.length === 0) return incoming;
      return {
        ...incoming,
        [items]: [...fresh, ...beyond.filter((item) => !seen.has(idOf(item)))],
        nextCursor: existing.nextCursor ?? null,
      };
    },
  };
}
