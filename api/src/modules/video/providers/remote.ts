import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import type { VideoSize } from '@chorus/shared/videoRules';
import type { VideoCapabilities } from '../core/capabilities.ts';
import type { RenderHooks, RenderRequest, VideoProvider, VideoProviderKind } from '../core/provider.ts';
import { VideoRenderError } from '../core/provider.ts';

/** One configured video service: what VIDEO_PROVIDER… or one entry of VIDEO_PROVIDERS_FILE says. */
export interface RemoteVideoConfig {
  /** Its id in this deployment (saved on jobs). */
  name: string;
  kind: VideoProviderKind;
  apiKey: string;
  model: string;
  /** The SDK's API root, replaced exactly as that SDK takes it; the SDK's own default when unset. */
  baseURL?: string | undefined;
  label?: string | undefined;
  pollMs: number;
  timeoutMs: number;
  /** Replicate: the webhook signing secret (whsec_…). fal: the JWKS address its webhook keys are read from. */
  webhookSecret?: string | undefined;
  webhookJwksUrl?: string | undefined;
  /** Google: Vertex AI (with project and location for Application Default Credentials). */
  vertex?: { project?: string | undefined; location?: string | undefined } | undefined;
  /** Overrides of the model's declared capabilities (a model Chorus doesn't know). */
  capabilities?: Partial<VideoCapabilities> | undefined;
}

/** Where a remote render is, in words every provider's states map onto. */
export type RemoteState =
  | { state: 'running'; progress: number | null }
  | { state: 'succeeded' }
  | { state: 'failed'; reason: string; refused: boolean };

/** How many times one call is tried when the service answers 429 or 5xx (or the connection drops). */
const CALL_ATTEMPTS = 5;
/** The longest Retry-After honoured; a longer one fails the call (the job's own retry takes over). */
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The shape every hosted video service shares: start a render (or resume the saved one), follow
 * it until it ends (polling, woken early by a verified webhook), then download the MP4. Each
 * provider file fills in those steps with its SDK.
 */
export abstract class RemoteProvider implements VideoProvider {
  readonly preview = false;
  abstract readonly capabilities: VideoCapabilities;

  constructor(readonly config: RemoteVideoConfig) {}

  get name(): string {
    return this.config.name;
  }
  get kind(): VideoProviderKind {
    return this.config.kind;
  }
  get model(): string {
    return this.config.model;
  }
  get label(): string {
    return this.config.label ?? `${this.config.model} (${this.config.kind})`;
  }
  get sizes(): readonly VideoSize[] {
    return this.capabilities.sizes;
  }

  /**
   * Where and how long an SDK client (Stainless-made: OpenAI, Runway, Luma) talks to the service. Its
   * own retries are off: `call` retries (with the service's Retry-After), one policy for every provider.
   */
  protected sdkClientOptions() {
    return { baseURL: this.config.baseURL, timeout: this.config.timeoutMs, maxRetries: 0 };
  }

  /** Declared capabilities with the operator's overrides on top. */
  protected declare_(base: VideoCapabilities): VideoCapabilities {
    return { ...base, ...this.config.capabilities };
  }

  /** Starts a render and answers its remote id. */
  protected abstract start(request: RenderRequest, signal?: AbortSignal): Promise<string>;
  protected abstract check(remoteId: string, signal?: AbortSignal): Promise<RemoteState>;
  /** Writes the finished render to `outFile`. */
  protected abstract download(remoteId: string, outFile: string, signal?: AbortSignal): Promise<void>;

  async render(request: RenderRequest, outFile: string, hooks: RenderHooks): Promise<void> {
    const signal = hooks.signal;
    let id = request.remoteId;
    if (!id) {
      id = await this.call(() => this.start(request, signal), signal);
      await hooks.onRemoteId(id);
    }
    for (;;) {
      const remoteId = id;
      const now = await this.call(() => this.check(remoteId, signal), signal);
      if (now.state === 'failed') throw new VideoRenderError(now.reason, false, now.refused);
      if (now.state === 'succeeded') break;
      if (now.progress !== null) await hooks.onProgress(Math.min(99, Math.max(0, Math.round(now.progress))));
      await (hooks.waitForNews
        ? hooks.waitForNews(this.config.pollMs, signal)
        : sleep(this.config.pollMs, undefined, { signal }));
    }
    const remoteId = id;
    await this.call(() => this.download(remoteId, outFile, signal), signal);
  }

  /**
   * One call to the service, tried again on 429 and 5xx after the service's Retry-After (or a
   * short back-off), and on a dropped connection. Other failures are thrown at once.
   */
  protected async call<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (err) {
        if (signal?.aborted || err instanceof VideoRenderError) throw err;
        const status = statusOf(err);
        // A 4xx naming the service's safety system (OpenAI's 400 moderation_blocked, a 422 "content
        // policy"): refused, at once and for good, like a render that ended refused.
        const refusal = status !== undefined && status >= 400 && status < 500 ? safetyRejectionOf(err) : null;
        if (refusal) throw new VideoRenderError(refusal, false, true);
        if (attempt >= CALL_ATTEMPTS) throw err;
        const transient = status === undefined ? isConnectionError(err) : status === 429 || status >= 500;
        if (!transient) throw err;
        const wait = retryAfterMs(err) ?? Math.min(8_000, 250 * 2 ** attempt);
        if (wait > MAX_RETRY_AFTER_MS) throw err;
        await sleep(wait, undefined, { signal });
      }
    }
  }
}

/** Streams `url` into `outFile` (with the provider's auth headers when its files need them). */
export async function downloadTo(
  url: string,
  outFile: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal | undefined } = {},
): Promise<void> {
  const response = await fetch(url, { headers: init.headers, signal: init.signal ?? null });
  if (!response.ok || !response.body) {
    throw Object.assign(new Error(`The video could not be downloaded (HTTP ${response.status})`), {
      status: response.status,
      headers: response.headers,
    });
  }
  await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(outFile));
}

/** The HTTP status an SDK's error carries, whatever it calls it. */
export function statusOf(err: unknown): number | undefined {
  const e = err as { status?: unknown; statusCode?: unknown; response?: { status?: unknown } } | null;
  for (const value of [e?.status, e?.statusCode, e?.response?.status]) {
    if (typeof value === 'number') return value;
  }
  return undefined;
}

function headersOf(err: unknown): Headers | undefined {
  const e = err as { headers?: unknown; response?: { headers?: unknown } } | null;
  for (const h of [e?.headers, e?.response?.headers]) {
    if (h instanceof Headers) return h;
    if (h && typeof h === 'object') return new Headers(h as Record<string, string>);
  }
  return undefined;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds. */
export function retryAfterMs(err: unknown): number | undefined {
  const value = headersOf(err)?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function isConnectionError(err: unknown): boolean {
  const e = err as { name?: string; cause?: { code?: string }; code?: string } | null;
  const code = e?.cause?.code ?? e?.code;
  return (
    (e?.name === 'TypeError' && String((err as Error).message).includes('fetch failed')) ||
    code === 'ECONNRESET' ||
    code === 'ECONNREFUSED' ||
    code === 'UND_ERR_SOCKET'
  );
}

/**
 * The service's words when a 4xx error is its safety system refusing the request; null for any
 * other client error. Stricter than isRefusal (a render's failure reason): a 400 that merely says
 * "not allowed" about a parameter must stay a failure of the request.
 */
export function safetyRejectionOf(err: unknown): string | null {
  const e = err as { message?: unknown; error?: unknown; body?: unknown; code?: unknown } | null;
  const detail = e?.error ?? e?.body;
  const text = [e?.code, e?.message, typeof detail === 'string' ? detail : JSON.stringify(detail ?? '')]
    .filter((part) => typeof part === 'string' && part)
    .join(' ');
  if (
    !/moderat|content[ _-]?(polic|filter|safety)|safety|nsfw|usage (polic|guideline)|responsible ai/i.test(
      text,
    )
  )
    return null;
  // The service's own sentence: OpenAI-style `error.message`, a `detail` string (Luma, fal), the body itself.
  const body = detail as { message?: unknown; detail?: unknown } | string | undefined;
  const said = typeof body === 'string' ? body : (body?.message ?? body?.detail);
  return typeof said === 'string' && said
    ? said
    : String(e?.message ?? 'The video service refused the prompt.');
}

/** Words that mark a provider's failure as its content policy refusing the prompt or picture. */
export function isRefusal(text: string | undefined | null): boolean {
  return !!text && /moderat|content polic|safety|flagged|nsfw|violat|filtered|not allowed|refus/i.test(text);
}
