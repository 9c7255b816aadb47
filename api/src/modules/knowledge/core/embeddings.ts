import OpenAI from 'openai';
import type { KnowledgeSettings } from '../settings.ts';

/** Turns texts into vectors of one model (unit length, so a dot product is their cosine). */
export interface Embedder {
  model: string;
  embed(
    texts: string[],
    options?: { timeoutMs?: number; onProgress?: (done: number, total: number) => void },
  ): Promise<number[][]>;
}

/** How many passages one `/embeddings` request carries. */
const BATCH = 64;

/** Scales a vector to unit length (a zero vector stays as it is). */
export function unit(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  return norm > 0 ? vector.map((x) => x / norm) : vector;
}

/**
 * The embedder the settings describe, through the `openai` SDK's embeddings call against
 * EMBEDDINGS_BASE_URL (any OpenAI-compatible server: OpenAI, Ollama, vLLM, LiteLLM...), or null when
 * neither a base URL nor a key is set: then ranking is full-text alone (retrieve.ts).
 */
export function embedderFrom(settings: KnowledgeSettings): Embedder | null {
  if (!settings.EMBEDDINGS_BASE_URL && !settings.EMBEDDINGS_API_KEY) return null;
  const client = new OpenAI({
    baseURL: settings.EMBEDDINGS_BASE_URL || undefined,
    // A local server wants no key, but the SDK insists on one.
    apiKey: settings.EMBEDDINGS_API_KEY || 'none',
    maxRetries: 1,
    timeout: 60_000,
  });
  const model = settings.EMBEDDINGS_MODEL || 'text-embedding-3-small';
  return {
    model,
    async embed(texts, options = {}) {
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const input = texts.slice(i, i + BATCH);
        const res = await client.embeddings.create(
          { model, input, encoding_format: 'float' },
          options.timeoutMs ? { timeout: options.timeoutMs, maxRetries: 0 } : {},
        );
        const byIndex = [...res.data].sort((a, b) => a.index - b.index);
        if (byIndex.length !== input.length)
          throw new Error('the embeddings server answered a different count');
        for (const d of byIndex) vectors.push(unit(d.embedding));
        options.onProgress?.(vectors.length, texts.length);
      }
      return vectors;
    },
  };
}
