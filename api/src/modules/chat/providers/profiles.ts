import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Env } from '../../../platform/config.ts';
import { logger } from '../../../platform/logger.ts';
import { FILE_RECHECK_MS, WatchedFile } from '../../../platform/watchedFile.ts';
import { type AssistantId, assistants } from '../core/catalogue.ts';
import type { AssistantModels, ProviderProfile } from '../core/models.ts';
import { systemPrompts } from '../core/prompts.ts';
import { streamText } from './offline.ts';
import { completeText, generateImage, streamAnswer } from './providers.ts';

/**
 * Which model answers for each assistant. Every provider is reached through the `openai` SDK:
 * OpenAI itself, the OpenAI-compatible endpoints of Anthropic, xAI, Google Gemini and Perplexity,
 * OpenRouter, or a local Ollama / llama.cpp / vLLM server. An assistant with no API key answers
 * through the built-in offline provider.
 *
 * Sources, later wins: built-in defaults, well-known keys (OPENAI_API_KEY, ANTHROPIC_API_KEY, ...),
 * OPENROUTER_API_KEY for any assistant without its own key, the JSON file named by AI_PROVIDERS_FILE,
 * and per-assistant variables AI_<ID>_BASE_URL / AI_<ID>_API_KEY / AI_<ID>_MODEL / AI_<ID>_VISION /
 * AI_<ID>_SYSTEM_PROMPT.
 */

const fileSchema = z.record(
  z.string(),
  z.object({
    baseURL: z.string().url().optional(),
    apiKey: z.string().optional(),
    model: z.string().optional(),
    systemPrompt: z.string().optional(),
    vision: z.boolean().optional(),
    timeoutMs: z.number().int().positive().optional(),
    idleTimeoutMs: z.number().int().positive().optional(),
    streamUsage: z.boolean().optional(),
    costPerMillionTokens: z.number().nonnegative().max(10_000).optional(),
    searchesWeb: z.boolean().optional(),
    tools: z.boolean().optional(),
  }),
);

interface Default {
  baseURL: string;
  keyVar: string;
  model: string;
  openRouterModel: string;
  vision: boolean;
}

const OPENAI = 'https://api.openai.com/v1';
const defaults: Record<Exclude<AssistantId, 'video'>, Default> = {
  gpt: {
    baseURL: OPENAI,
    keyVar: 'OPENAI_API_KEY',
    model: 'gpt-4.1-mini',
    openRouterModel: 'openai/gpt-4.1-mini',
    vision: true,
  },
  claude: {
    baseURL: 'https://api.anthropic.com/v1/',
    keyVar: 'ANTHROPIC_API_KEY',
    model: 'claude-sonnet-4-5',
    openRouterModel: 'anthropic/claude-sonnet-4.5',
    vision: true,
  },
  grok: {
    baseURL: 'https://api.x.ai/v1',
    keyVar: 'XAI_API_KEY',
    model: 'grok-4',
    openRouterModel: 'x-ai/grok-4',
    vision: false,
  },
  gemini: {
    baseURL: 'https://generativelanguage.googleapis.com/v1beta/openai/',
    keyVar: 'GEMINI_API_KEY',
    model: 'gemini-2.5-flash',
    openRouterModel: 'google/gemini-2.5-flash',
    vision: true,
  },
  perplexity: {
    baseURL: 'https://api.perplexity.ai',
    keyVar: 'PERPLEXITY_API_KEY',
    model: 'sonar',
    openRouterModel: 'perplexity/sonar',
    vision: false,
  },
  code: {
    baseURL: OPENAI,
    keyVar: 'OPENAI_API_KEY',
    model: 'gpt-4.1',
    openRouterModel: 'openai/gpt-4.1',
    vision: true,
  },
  study: {
    baseURL: OPENAI,
    keyVar: 'OPENAI_API_KEY',
    model: 'gpt-4.1-mini',
    openRouterModel: 'openai/gpt-4.1-mini',
    vision: true,
  },
  image: {
    baseURL: OPENAI,
    keyVar: 'OPENAI_API_KEY',
    model: 'gpt-image-1',
    openRouterModel: 'openai/gpt-image-1',
    vision: false,
  },
};

/**
 * The providers file's JSON. A syntax error is reported without the parser's message, which quotes
 * the text around the error: in this file that can be an API key, and the error ends up in the logs.
 */
function readJson(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON`);
  }
}

export function loadProfiles(env: Env): Map<AssistantId, ProviderProfile> {
  const file = env.AI_PROVIDERS_FILE ? fileSchema.parse(readJson(env.AI_PROVIDERS_FILE)) : {};
  const timeoutMs = Number(env.AI_TIMEOUT_MS ?? 60_000);
  const idleTimeoutMs = Number(env.AI_IDLE_TIMEOUT_MS ?? 60_000);
  const profiles = new Map<AssistantId, ProviderProfile>();
  for (const assistant of assistants) {
    if (assistant.kind === 'video') continue;
    const id = assistant.id as Exclude<AssistantId, 'video'>;
    const d = defaults[id];
    let profile: ProviderProfile = {
      assistantId: id,
      baseURL: d.baseURL,
      apiKey: env[d.keyVar] || undefined,
      model: d.model,
      systemPrompt: systemPrompts[id],
      vision: d.vision,
      timeoutMs,
      idleTimeoutMs,
      streamUsage: true,
      tools: true,
    };
    if (!profile.apiKey && env.OPENROUTER_API_KEY) {
      profile = {
        ...profile,
        baseURL: 'https://openrouter.ai/api/v1',
        apiKey: env.OPENROUTER_API_KEY,
        model: d.openRouterModel,
      };
    }
    const fromFile = file[id];
    if (fromFile) profile = { ...profile, ...stripUndefined(fromFile) };
    const prefix = `AI_${id.toUpperCase()}_`;
    profile = {
      ...profile,
      ...stripUndefined({
        baseURL: env[`${prefix}BASE_URL`],
        apiKey: env[`${prefix}API_KEY`],
        model: env[`${prefix}MODEL`],
        systemPrompt: env[`${prefix}SYSTEM_PROMPT`],
        vision: env[`${prefix}VISION`] === undefined ? undefined : env[`${prefix}VISION`] === 'true',
      }),
    };
    // Perplexity's own API searches the web for every answer (providers.ts reads its citations).
    const perplexity =
      URL.canParse(profile.baseURL) && /(^|\.)perplexity\.ai$/i.test(new URL(profile.baseURL).hostname);
    profile.searchesWeb ??= perplexity;
    // Perplexity's own API takes no tools; the file's `tools` decides when it says.
    if (fromFile?.tools === undefined && perplexity) profile.tools = false;
    profiles.set(id, profile);
  }
  return profiles;
}

/**
 * Changes whenever the configuration of the assistants changes (models, online/offline, vision,
 * system prompts, timeouts), never with a secret: hashes no API key, only whether there is one.
 */
export function catalogueVersion(profiles: Map<AssistantId, ProviderProfile>): string {
  const visible = [...profiles.values()].map((p) => [
    p.assistantId,
    p.baseURL,
    p.model,
    !!p.apiKey,
    p.vision,
    p.systemPrompt,
    p.timeoutMs,
    p.idleTimeoutMs,
  ]);
  return createHash('sha256').update(JSON.stringify({ assistants, visible })).digest('hex').slice(0, 12);
}

/**
 * The provider profiles of a running process. Environment variables are fixed for its life, but
 * the AI_PROVIDERS_FILE can be edited while it runs: when it is used (at most every few seconds)
 * its modification time and size are compared with the loaded copy's, and a changed file is read
 * again, so answers, the catalogue and its version follow it without a restart. A file that no
 * longer parses leaves the last good profiles in place (and says so in the log). It is the
 * `AssistantModels` the core is handed: answers and images go through providers.ts with these profiles.
 */
export class ProviderProfiles implements AssistantModels {
  private profiles: Map<AssistantId, ProviderProfile>;
  private currentVersion: string;
  private readonly file: WatchedFile;

  constructor(
    private readonly env: Env,
    recheckMs = FILE_RECHECK_MS,
  ) {
    this.file = new WatchedFile(env.AI_PROVIDERS_FILE, recheckMs);
    this.profiles = loadProfiles(env);
    this.currentVersion = catalogueVersion(this.profiles);
  }

  get(id: AssistantId): ProviderProfile | undefined {
    this.refresh();
    return this.profiles.get(id);
  }

  /** All profiles and their version, from the same reading of the configuration. */
  snapshot(): { profiles: Map<AssistantId, ProviderProfile>; version: string } {
    this.refresh();
    return { profiles: this.profiles, version: this.currentVersion };
  }

  get version(): string {
    return this.snapshot().version;
  }

  readonly streamAnswer: AssistantModels['streamAnswer'] = streamAnswer;
  readonly generateImage: AssistantModels['generateImage'] = generateImage;
  readonly completeText: AssistantModels['completeText'] = completeText;
  readonly streamText: AssistantModels['streamText'] = streamText;

  private refresh(): void {
    if (!this.file.changed()) return;
    const file = this.file.path;
    try {
      this.profiles = loadProfiles(this.env);
      this.currentVersion = catalogueVersion(this.profiles);
      logger.info({ file, version: this.currentVersion }, 'AI providers file changed; profiles reloaded');
    } catch (err) {
      logger.warn({ err, file }, 'AI providers file could not be read; keeping the profiles loaded before');
    }
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}
