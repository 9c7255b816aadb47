import type { AnswerToolSession } from '../../tools/core/answerTools.ts';
import type { Assistant, AssistantId } from './catalogue.ts';

/**
 * The assistants' models as the core sees them. providers/ reaches the services (all through the
 * `openai` SDK) and builds this from config; core/ never imports a provider, it is handed this, as
 * the video core is handed `VideoModels`.
 */

/** Which model answers for an assistant, where, and how long it may take (providers/profiles.ts reads them). */
export interface ProviderProfile {
  assistantId: AssistantId;
  baseURL: string;
  apiKey?: string;
  model: string;
  systemPrompt: string;
  /** Accepts images in the prompt (image analysis). */
  vision: boolean;
  /** How long to wait for the response to start (the SDK's timeout). */
  timeoutMs: number;
  /** How long a started answer may stay silent between chunks before it is given up. */
  idleTimeoutMs: number;
  /**
   * Asks for the token usage in the stream (`stream_options.include_usage`); off for a server that
   * refuses the option (the providers file's `"streamUsage": false`).
   */
  streamUsage: boolean;
  /**
   * US dollars per million tokens an answer writes, for the cost estimate shown under an answer
   * (the providers file's `costPerMillionTokens`); none configured, no estimate.
   */
  costPerMillionTokens?: number;
  /**
   * The provider searches the web itself and cites what it found (Perplexity's API does: its chunks
   * carry `search_results`). Chorus's own web search (modules/websearch) is then not run for it.
   * Default: true for api.perplexity.ai; the providers file's `searchesWeb` says otherwise.
   */
  searchesWeb?: boolean;
  /**
   * The model may call tools (function calling): the asker's MCP tools (modules/tools) are offered
   * to it. Default: true for every keyed provider but Perplexity's own API (which has no tool
   * calls); the providers file's `tools` says otherwise. The offline provider never gets tools.
   */
  tools: boolean;
}

/** An answer's estimated cost in US dollars: its tokens at its assistant's price; null when either is unknown. */
export const costEstimate = (tokens: number | null | undefined, profile: ProviderProfile | undefined) =>
  tokens == null || profile?.costPerMillionTokens === undefined
    ? null
    : (tokens * profile.costPerMillionTokens) / 1_000_000;

/** An assistant with no key answers through the built-in offline provider. */
export const isOffline = (profile: ProviderProfile | undefined) => !profile?.apiKey;

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
  /** Data URLs or https URLs of images attached to a user turn. */
  images?: string[];
}

/** How a streamed answer ended, when it ended on its own (not stopped, not failed). */
export type AnswerEnd = 'stop' | 'length';

/** What the provider said about an answer it wrote; null fields when it said nothing. */
export interface AnswerReport {
  /** The answer's tokens (`usage.completion_tokens`). */
  tokens: number | null;
  /** The model that answered, as the provider names it. */
  model: string | null;
  /** The pages a provider with its own web search (Perplexity) says it used, in its [n] order. */
  citations?: Citation[];
}

/** A page a provider cites for its answer. */
export interface Citation {
  title: string;
  url: string;
  snippet: string;
}

/** A failure of the model provider, with the text the user sees. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface AssistantModels {
  /** The profile answering for an assistant now (it follows config edits); undefined when none does. */
  get(id: AssistantId): ProviderProfile | undefined;
  /** All profiles and the catalogue version they make, from the same reading of the configuration. */
  snapshot(): { profiles: Map<AssistantId, ProviderProfile>; version: string };
  /**
   * Streams an answer's text deltas from the assistant's provider, or from the offline provider.
   * Ends quietly when `signal` is aborted; a provider that falls silent or cuts the answer off fails
   * with a ProviderError; `onEnd` learns whether a finished answer was complete or cut at the
   * model's length limit.
   */
  streamAnswer(
    assistant: Assistant,
    profile: ProviderProfile | undefined,
    turns: ChatTurn[],
    signal: AbortSignal,
    options?: {
      offlineDelayMs?: number;
      onEnd?: (end: AnswerEnd) => void;
      /** What the provider reported (tokens, model), once the stream has ended; never for offline answers. */
      onReport?: (report: AnswerReport) => void;
      /** The tools offered to the model, whose calls it runs and answers (answerTools.ts). */
      tools?: AnswerToolSession;
    },
  ): AsyncIterable<string>;
  /** Generates one image; its bytes and type. Fails with a ProviderError. */
  generateImage(
    assistant: Assistant,
    profile: ProviderProfile,
    prompt: string,
    signal: AbortSignal,
  ): Promise<{ bytes: Buffer; contentType: string }>;
  /**
   * A whole answer at once (not streamed), for background work such as distilling memories: the
   * text of the first choice, empty when there is none. `timeoutMs` overrides the profile's.
   * Errors are the SDK's, as they come (the caller's job decides whether to retry).
   */
  completeText(
    profile: ProviderProfile,
    turns: ChatTurn[],
    options?: { timeoutMs?: number },
  ): Promise<string>;
  /** Streams a text written here at the offline provider's pace (a local stand-in for an answer). */
  streamText(text: string, delayMs: number, signal?: AbortSignal): AsyncIterable<string>;
}
