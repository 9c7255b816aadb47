import OpenAI from 'openai';
import { bySeverity, plainCategory } from './categories.ts';
import type { ModerationProvider, ModerationResult } from './provider.ts';

export interface RemoteModerationConfig {
  apiKey?: string | undefined;
  baseURL?: string | undefined;
  model: string;
  timeoutMs: number;
}

/**
 * Any OpenAI-compatible `/moderations` endpoint, through the openai SDK's `moderations.create`
 * (OpenAI's own, or a gateway or self-hosted server at MODERATION_BASE_URL). The SDK's own
 * retries are off and its timeout is MODERATION_TIMEOUT_MS: a check that fails or hangs is
 * answered by the word list at once (core/checks.ts) rather than holding the person up.
 */
export class OpenAIModeration implements ModerationProvider {
  readonly name: string;
  private readonly client: OpenAI;

  constructor(private readonly config: RemoteModerationConfig) {
    this.name = config.model;
    this.client = new OpenAI({
      apiKey: config.apiKey || 'none',
      ...(config.baseURL ? { baseURL: config.baseURL } : {}),
      timeout: config.timeoutMs,
      maxRetries: 0,
    });
  }

  async check(text: string, signal?: AbortSignal): Promise<ModerationResult> {
    const answer = await this.client.moderations.create(
      { model: this.config.model, input: text },
      signal ? { signal } : {},
    );
    const results = answer.results ?? [];
    const flagged = results.some((r) => r.flagged);
    const categories = flagged
      ? bySeverity(
          results.flatMap((r) =>
            Object.entries(r.categories ?? {})
              .filter(([, on]) => on === true)
              .map(([name]) => name),
          ),
        )
      : [];
    return {
      flagged,
      categories,
      reason: flagged
        ? `${this.name} flagged it for ${categories.map(plainCategory).join(', ') || 'an unnamed category'}`
        : `${this.name} found nothing`,
    };
  }
}
