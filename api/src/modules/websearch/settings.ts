import { z } from 'zod';

/**
 * The web search module's settings, declared in its module.ts (`settings`): api/src/config.ts
 * validates them with everyone's at start-up, and the module reads them typed with readSettings
 * (platform/config.ts). `.env.example` documents each.
 */
export const webSearchSettings = {
  /** Which search service answers "Search the web" (none set: the switch explains it is off). */
  WEB_SEARCH_PROVIDER: z.enum(['searxng', 'tavily', 'brave']).optional(),
  /** The service's address: a SearXNG instance (required for it); Tavily's and Brave's default to their APIs. */
  WEB_SEARCH_BASE_URL: z.url().optional(),
  /** Tavily's or Brave's API key (SearXNG needs none). */
  WEB_SEARCH_API_KEY: z.string().min(1).optional(),
  /** How many results an answer reads (each fetched and reduced to text). */
  WEB_SEARCH_RESULTS: z.coerce.number().int().min(1).max(10).default(5),
  /** A result page that takes longer than this, or is bigger, is left at the search's own snippet. */
  WEB_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(4_000),
  WEB_FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(1024 * 1024),
};
