import { z } from 'zod';

/**
 * The automatic checks' settings, declared in module.ts (`settings`): api/src/config.ts validates
 * them with everyone's at start-up, and core/fromSettings.ts reads them typed with readSettings
 * (platform/config.ts). `.env.example` documents each.
 */
export const safetySettings = {
  /**
   * An OpenAI-compatible /moderations endpoint's key. With it (or with MODERATION_BASE_URL) texts are
   * also asked of that service; without either only the word list checks them (offline).
   */
  MODERATION_API_KEY: z.string().min(1).optional(),
  /** The SDK's API root (a gateway, a self-hosted compatible server, a test server); OpenAI's when unset. */
  MODERATION_BASE_URL: z.url().optional(),
  MODERATION_MODEL: z.string().min(1).default('omni-moderation-latest'),
  /** How long one check may take before the word list decides alone (a check never holds a user up for long). */
  MODERATION_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  /**
   * Comma-separated terms refused wherever they stand as whole words (case, accents and styled or full-width
   * letters don't matter): `term`, `category:term`, or `term*` for every word starting with `term`.
   * Unset: the short built-in list (core/words.ts). Set but empty: no word list.
   */
  MODERATION_BLOCKED_WORDS: z.string().optional(),
};
