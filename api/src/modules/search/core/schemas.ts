import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { zodText } from '../../../platform/validation.ts';

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 20;
const SEARCH_LIMIT_MESSAGE = zodText(msg('limit must be a whole number from 1 to {max}'), {
  max: SEARCH_LIMIT_MAX,
});

/** GraphQL passes `limit` as an Int; the REST shim's query string is coerced first (rest.ts). */
export const searchInput = z.object({
  query: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg('Please enter something to search for') })
      .min(1, msg('Please enter something to search for'))
      .max(
        SEARCH_QUERY_MAX,
        zodText(msg('Searches are limited to {max} characters'), { max: SEARCH_QUERY_MAX }),
      ),
  ),
  limit: z
    .number({ error: SEARCH_LIMIT_MESSAGE })
    .int(SEARCH_LIMIT_MESSAGE)
    .min(1, SEARCH_LIMIT_MESSAGE)
    .max(SEARCH_LIMIT_MAX, SEARCH_LIMIT_MESSAGE)
    .default(SEARCH_LIMIT_DEFAULT),
  /** One row per chat (its best match, and how many matched) instead of one per message. */
  perChat: z.boolean({ error: msg('perChat must be true or false') }).default(false),
});
export type SearchInput = z.input<typeof searchInput>;
