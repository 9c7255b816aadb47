import { z } from 'zod';

/**
 * The knowledge module's settings (the api ranks with them, the worker embeds with them), declared in
 * its module.ts: api/src/config.ts validates them with everyone's at start-up. `.env.example`
 * documents each. With neither a base URL nor a key, passages are ranked by full-text search alone
 * (an empty value counts as unset).
 */
export const knowledgeSettings = {
  /** Any OpenAI-compatible `/embeddings` endpoint (OpenAI's own when only a key is given). */
  EMBEDDINGS_BASE_URL: z.union([z.literal(''), z.string().url()]).optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  /** The embedding model asked for; a change re-embeds nothing by itself (reindex a file for that). */
  EMBEDDINGS_MODEL: z.string().optional(),
};

export interface KnowledgeSettings {
  EMBEDDINGS_BASE_URL?: string | undefined;
  EMBEDDINGS_API_KEY?: string | undefined;
  EMBEDDINGS_MODEL?: string | undefined;
}
