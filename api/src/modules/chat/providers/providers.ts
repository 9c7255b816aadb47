import { STORED_TEXTS, type StoredTextValues, storedText } from '@chorus/shared/storedTexts';
import { createParser } from 'eventsource-parser';
import OpenAI from 'openai';
import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { AnswerToolSession } from '../../tools/core/answerTools.ts';
import type { Assistant } from '../core/catalogue.ts';
import {
  type AnswerEnd,
  type AnswerReport,
  type ChatTurn,
  type Citation,
  isOffline,
  ProviderError,
  type ProviderProfile,
} from '../core/models.ts';
import { offlineAnswer, streamText } from './offline.ts';
import { MAX_TOOL_ROUNDS, runToolCalls, ToolCallDeltas, toolParams } from './toolRounds.ts';

const clients = new Map<string, OpenAI>();
function clientFor(profile: ProviderProfile): OpenAI {
  const key = `${profile.baseURL}|${profile.apiKey}|${profile.timeoutMs}`;
  let client = clients.get(key);
  if (!client) {
    // One retry for connection errors and 429/5xx before the first token; never mid-stream.
    client = new OpenAI({
      baseURL: profile.baseURL,
      apiKey: profile.apiKey,
      timeout: profile.timeoutMs,
      maxRetries: 1,
    });
    clients.set(key, client);
  }
  return client;
}

/**
 * The usage an OpenAI-compatible stream reports. OpenAI, OpenRouter, xAI, Anthropic's and Gemini's
 * compatible endpoints, Ollama and llama.cpp send it once, in a last chunk (with or without a
 * choice) when asked with `stream_options.include_usage`; Perplexity sends a running total on every
 * chunk. Taking the last one seen covers both. Anything not a whole count is no count.
 */
function tokensOf(usage: unknown): number | null {
  if (typeof usage !== 'object' || usage === null) return null;
  const tokens = (usage as { completion_tokens?: unknown }).completion_tokens;
  return typeof tokens === 'number' && Number.isInteger(tokens) && tokens >= 0 ? tokens : null;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The pages a provider that searches the web itself cites, as Perplexity's chunks carry them:
 * `search_results` ([{ title, url, date, snippet }]) and the older `citations` (URLs), numbered in the
 * order its [1], [2] markers use. Only http(s) addresses; null when the chunk names none.
 */
export function citationsOf(chunk: unknown): Citation[] | null {
  if (typeof chunk !== 'object' || chunk === null) return null;
  const { search_results: results, citations } = chunk as { search_results?: unknown; citations?: unknown };
  const web = (url: string) => /^https?:\/\//i.test(url) && URL.canParse(url);
  if (Array.isArray(results) && results.length > 0) {
    const found = results
      .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
      .map((r) => ({ title: str(r.title) || str(r.url), url: str(r.url), snippet: str(r.snippet) }))
      .filter((r) => web(r.url));
    if (found.length > 0) return found.slice(0, 20);
  }
  if (Array.isArray(citations) && citations.length > 0) {
    const found = citations.map(str).filter(web);
    if (found.length > 0)
      return found.slice(0, 20).map((url) => ({ title: new URL(url).hostname, url, snippet: '' }));
  }
  return null;
}

/**
 * Streams an answer's text deltas from the assistant's provider, or from the offline provider.
 * Ends quietly when `signal` is aborted (the user pressed Stop), whenever that happens. A stream
 * that falls silent for the profile's `idleTimeoutMs`, or that ends without saying why it ended
 * (a cut connection that closed politely), fails with a ProviderError; `onEnd` learns whether a
 * finished answer was complete or cut at the model's length limit.
 */
export async function* streamAnswer(
  assistant: Assistant,
  profile: ProviderProfile | undefined,
  turns: ChatTurn[],
  signal: AbortSignal,
  options: {
    offlineDelayMs?: number;
    onEnd?: (end: AnswerEnd) => void;
    /** What the provider reported (tokens, model), once the stream has ended; never for offline answers. */
    onReport?: (report: AnswerReport) => void;
    tools?: AnswerToolSession;
  } = {},
): AsyncIterable<string> {
  if (!profile || isOffline(profile)) {
    const lastUser = [...turns].reverse().find((t) => t.role === 'user');
    yield* streamText(
      offlineAnswer(assistant, lastUser?.content ?? ''),
      options.offlineDelayMs ?? 12,
      signal,
    );
    if (!signal.aborted) options.onEnd?.('stop');
    return;
  }
  // The SDK's timeout only covers the wait for the response headers; a provider that goes silent
  // after that would hold the answer (and the REST call waiting for it) forever.
  const idle = new AbortController();
  let idleTimer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => idle.abort(), profile.idleTimeoutMs);
  };
  const silent = () => new ProviderError(said(STORED_TEXTS.answerStoppedSending, assistant));
  let finish: string | null = null;
  const report: AnswerReport = { tokens: null, model: null };
  const messages = turns.map((t) => toMessage(t, profile.vision));
  const { tools } = options;
  let wrote = false;
  // Each round is one request; a round that ends asking for tool calls (toolRounds.ts) runs them
  // and asks again with their results, until the model answers in text.
  for (let round = 0; ; round++) {
    const offered = tools && profile.tools && tools.remaining > 0 ? toolParams(tools) : {};
    const calls = new ToolCallDeltas();
    finish = null;
    try {
      let body: ReadableStream<Uint8Array>;
      try {
        // The SDK makes the request (its headers, timeout, retries before the first byte, and its
        // errors for a status that isn't 2xx); the stream's events are read here. The SDK's own stream
        // passes each token through four async generators, and at 50 answers at once that was a fifth
        // of the api's CPU; eventsource-parser hands over each event from one plain callback.
        const response = await clientFor(profile)
          .chat.completions.create(
            {
              model: profile.model,
              messages,
              stream: true,
              // The answer's token count comes in the stream's usage; a server that refuses the option
              // is configured with `streamUsage: false` and its answers show no count.
              ...(profile.streamUsage ? { stream_options: { include_usage: true } } : {}),
              ...offered,
            },
            { signal: AbortSignal.any([signal, idle.signal]) },
          )
          .asResponse();
        if (!response.body) throw new ProviderError(said(STORED_TEXTS.answerEmpty, assistant));
        body = response.body;
      } catch (e) {
        if (signal.aborted) return;
        throw toProviderError(e, assistant);
      }
      touch();
      const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
      let ended = false;
      const parser = createParser({
        onEvent: (event) => {
          if (ended) return;
          if (event.data === '[DONE]') {
            ended = true;
            return;
          }
          const chunk = JSON.parse(event.data) as OpenAI.Chat.Completions.ChatCompletionChunk & {
            error?: unknown;
          };
          // An error reported inside the stream, as the SDK treats it.
          if (chunk.error)
            throw new OpenAI.APIError(undefined, chunk.error as object, undefined, new Headers());
          chunks.push(chunk);
        },
      });
      const decoder = new TextDecoder();
      try {
        for await (const bytes of body) {
          touch();
          parser.feed(decoder.decode(bytes, { stream: true }));
          for (const chunk of chunks.splice(0)) {
            report.tokens = tokensOf(chunk.usage) ?? report.tokens;
            if (chunk.model) report.model = chunk.model;
            report.citations = citationsOf(chunk) ?? report.citations;
            const choice = chunk.choices?.[0];
            if (choice?.finish_reason) finish = choice.finish_reason;
            if (choice?.delta?.tool_calls) calls.add(choice.delta.tool_calls);
            const delta = choice?.delta?.content;
            if (delta) {
              // A round's text after tool calls starts a paragraph of its own.
              if (round > 0 && wrote && !calls.text) yield '\n\n';
              calls.text += delta;
              wrote = true;
              yield delta;
            }
          }
          // After [DONE] the body is still read to its end, so the connection goes back to the pool.
        }
      } catch (e) {
        if (signal.aborted) return;
        if (idle.signal.aborted) throw silent();
        throw toProviderError(e, assistant);
      }
    } finally {
      // Waiting for the asker's approval of a tool call is not the provider falling silent.
      clearTimeout(idleTimer);
    }
    if (signal.aborted) return;
    if (idle.signal.aborted) throw silent();
    if (!tools || finish !== 'tool_calls' || calls.isEmpty() || round >= MAX_TOOL_ROUNDS) break;
    await runToolCalls(tools, calls, messages, signal);
    if (signal.aborted) return;
  }
  // An aborted stream ends quietly, so how it ended is only known from here.
  options.onReport?.(report);
  if (finish === 'stop' || finish === 'length') options.onEnd?.(finish);
  else if (finish === 'content_filter') throw new ProviderError(said(STORED_TEXTS.answerFiltered, assistant));
  else if (finish) options.onEnd?.('stop');
  else throw new ProviderError(said(STORED_TEXTS.answerCutOff, assistant));
}

/** A whole answer at once (AssistantModels.completeText): the text of the first choice, or ''. */
export async function completeText(
  profile: ProviderProfile,
  turns: ChatTurn[],
  options: { timeoutMs?: number } = {},
): Promise<string> {
  const res = await clientFor(profile).chat.completions.create(
    { model: profile.model, messages: turns.map((turn) => toMessage(turn, profile.vision)) },
    { timeout: options.timeoutMs ?? profile.timeoutMs },
  );
  return res.choices[0]?.message?.content ?? '';
}

/** Generates one image; returns its bytes and type. */
export async function generateImage(
  assistant: Assistant,
  profile: ProviderProfile,
  prompt: string,
  signal: AbortSignal,
): Promise<{ bytes: Buffer; contentType: string }> {
  try {
    const res = await clientFor(profile).images.generate(
      { model: profile.model, prompt, size: '1024x1024', n: 1 },
      { signal },
    );
    const image = res.data?.[0];
    if (image?.b64_json) return { bytes: Buffer.from(image.b64_json, 'base64'), contentType: 'image/png' };
    if (image?.url) {
      const download = await fetch(image.url, { signal });
      if (!download.ok) throw new ProviderError(said(STORED_TEXTS.imageNotDownloaded, assistant));
      return {
        bytes: Buffer.from(await download.arrayBuffer()),
        contentType: download.headers.get('content-type') ?? 'image/png',
      };
    }
    throw new ProviderError(said(STORED_TEXTS.imageMissing, assistant));
  } catch (e) {
    // Stopped by the user: not a provider failure, whatever the SDK made of it.
    if (signal.aborted) throw e;
    throw toProviderError(e, assistant);
  }
}

function toMessage(turn: ChatTurn, vision: boolean): ChatCompletionMessageParam {
  if (turn.role === 'user' && turn.images?.length && vision) {
    const parts: ChatCompletionContentPart[] = [
      { type: 'text', text: turn.content },
      ...turn.images.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
    ];
    return { role: 'user', content: parts };
  }
  return { role: turn.role, content: turn.content } as ChatCompletionMessageParam;
}

/**
 * An answer's error, stored with it in English from its template (@chorus/shared/storedTexts), which
 * each reader's screen translates.
 */
const said = (template: string, assistant: Assistant, values: StoredTextValues = {}) =>
  storedText(template, { name: assistant.name, ...values });

function toProviderError(e: unknown, assistant: Assistant): ProviderError {
  if (e instanceof ProviderError) return e;
  if (e instanceof OpenAI.APIConnectionTimeoutError)
    return new ProviderError(said(STORED_TEXTS.providerTooSlow, assistant));
  if (e instanceof OpenAI.APIConnectionError)
    return new ProviderError(said(STORED_TEXTS.providerUnreachable, assistant));
  if (e instanceof OpenAI.RateLimitError)
    return new ProviderError(said(STORED_TEXTS.providerBusy, assistant), 429);
  if (e instanceof OpenAI.AuthenticationError)
    return new ProviderError(said(STORED_TEXTS.providerKeyRejected, assistant), 401);
  if (e instanceof OpenAI.APIError)
    return new ProviderError(
      e.status
        ? said(STORED_TEXTS.providerFailed, assistant, { status: e.status })
        : said(STORED_TEXTS.providerFailedNoStatus, assistant),
      e.status,
    );
  return new ProviderError(said(STORED_TEXTS.providerStoppedAnswering, assistant));
}
