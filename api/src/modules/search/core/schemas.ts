import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 20;

/** GraphQL passes `limit` as an Int; the REST shim's query string is coerced first (rest.ts). */
export const searchInput = z.object({
  query: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg('Please enter something to search for') })
      .min(1, msg('Please enter something to search for'))
      .max(SEARCH_QUERY_MAX, `Searches are limited to ${SEARCH_QUERY_MAX} characters`),
  ),
  limit: z
    .number({ error: `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}` })
    .int(`limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .max(SEARCH_LIMIT_MAX, `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_DEFAULT),
  /** One row per chat (its best match, and how many matched) instead of one per message. */
  perChat: z.boolean({ error: msg('perChat must be true or false') }).default(false),
});
export type SearchInput = z.input<typeof searchInput>;
