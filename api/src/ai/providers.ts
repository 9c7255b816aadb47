import OpenAI from 'openai';
import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { Assistant } from './catalogue.ts';
import { offlineAnswer, streamText } from './offline.ts';
import type { ProviderProfile } from './profiles.ts';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
  /** Data URLs or https URLs of images attached to a user turn. */
  images?: string[];
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

export const isOffline = (profile: ProviderProfile | undefined) => !profile?.apiKey;

/** Streams an answer's text deltas from the assistant's provider, or from the offline provider. */
export async function* streamAnswer(
  assistant: Assistant,
  profile: ProviderProfile | undefined,
  turns: ChatTurn[],
  signal: AbortSignal,
  offlineDelayMs = 12,
): AsyncIterable<string> {
  if (!profile || isOffline(profile)) {
    const lastUser = [...turns].reverse().find((t) => t.role === 'user');
    yield* streamText(offlineAnswer(assistant, lastUser?.content ?? ''), offlineDelayMs, signal);
    return;
  }
  let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
  try {
    stream = await clientFor(profile).chat.completions.create(
      { model: profile.model, messages: turns.map((t) => toMessage(t, profile.vision)), stream: true },
      { signal },
    );
  } catch (e) {
    throw toProviderError(e, assistant);
  }
  try {
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) yield delta;
    }
  } catch (e) {
    if (signal.aborted) return;
    throw toProviderError(e, assistant);
  }
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
      if (!download.ok)
        throw new ProviderError(`${assistant.name} returned an image that could not be downloaded`);
      return {
        bytes: Buffer.from(await download.arrayBuffer()),
        contentType: download.headers.get('content-type') ?? 'image/png',
      };
    }
    throw new ProviderError(`${assistant.name} returned no image`);
  } catch (e) {
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

function toProviderError(e: unknown, assistant: Assistant): ProviderError {
  if (e instanceof ProviderError) return e;
  if (e instanceof OpenAI.APIConnectionTimeoutError)
    return new ProviderError(`${assistant.name} took too long to answer. Please try again.`);
  if (e instanceof OpenAI.APIConnectionError)
    return new ProviderError(`Could not reach ${assistant.name}. Please try again.`);
  if (e instanceof OpenAI.RateLimitError)
    return new ProviderError(
      `${assistant.name} is busy right now (rate limited). Please try again in a moment.`,
      429,
    );
  if (e instanceof OpenAI.AuthenticationError)
    return new ProviderError(`${assistant.name} rejected the configured API key.`, 401);
  if (e instanceof OpenAI.APIError)
    return new ProviderError(
      `${assistant.name} failed to answer (provider error ${e.status ?? ''}). Please try again.`.replace(
        ' )',
        ')',
      ),
      e.status,
    );
  return new ProviderError(`${assistant.name} stopped answering unexpectedly. Please try again.`);
}
