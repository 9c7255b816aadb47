import { createHash, createPublicKey, verify } from 'node:crypto';
import { aspectRatioOf } from '@chorus/shared/videoRules';
import { ApiError, createFalClient, type FalClient } from '@fal-ai/client';
import type { VideoCapabilities } from '../core/capabilities.ts';
import type { RenderRequest } from '../core/provider.ts';
import { downloadTo, isRefusal, RemoteProvider, type RemoteState, type RemoteVideoConfig } from './remote.ts';

/** fal's queue host: what VIDEO_API_BASE_URL replaces (the SDK builds https://queue.fal.run/<endpoint>/…). */
const FAL_QUEUE_ORIGIN = 'https://queue.fal.run';
/** fal's webhook signing keys (ED25519, as a JWKS). */
export const FAL_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json';
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
const JWKS_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * fal.ai's queue (submit, status with logs, result, cancel) through @fal-ai/client, for any video
 * endpoint it hosts (Kling, Wan, LTX, Hunyuan… VIDEO_MODEL is the endpoint id, e.g.
 * fal-ai/kling-video/v2.1/master/text-to-video). The SDK has no base-URL option: a request
 * middleware moves its queue URLs onto VIDEO_API_BASE_URL. Webhooks (?fal_webhook=) are checked
 * against fal's published ED25519 keys; polling goes on beside them (a lost webhook costs a poll).
 * The queue takes no idempotency key: the request id saved the moment fal answers is what a
 * restarted worker resumes.
 */
export class FalProvider extends RemoteProvider {
  readonly capabilities: VideoCapabilities;
  private readonly client: FalClient;
  /** Result URLs of finished requests, read once when the queue says COMPLETED. */
  private readonly results = new Map<string, string>();
  private jwks?: { keys: ReturnType<typeof createPublicKey>[]; at: number };

  constructor(config: RemoteVideoConfig) {
    super(config);
    this.capabilities = this.declare_({
      durations: ['5', '10'],
      sizes: ['1280x720', '720x1280'],
      typicalRenderSeconds: 120,
      imageInput: true,
    });
    const base = config.baseURL?.replace(/\/$/, '');
    this.client = createFalClient({
      credentials: config.apiKey,
      requestMiddleware: async (request) =>
        base && request.url.startsWith(FAL_QUEUE_ORIGIN)
          ? { ...request, url: base + request.url.slice(FAL_QUEUE_ORIGIN.length) }
          : request,
    });
  }

  protected async start(request: RenderRequest, signal?: AbortSignal): Promise<string> {
    const queued = await this.client.queue.submit(this.config.model, {
      input: {
        prompt: request.prompt,
        duration: request.seconds,
        aspect_ratio: aspectRatioOf(request.size),
        ...(request.image
          ? { image_url: `data:${request.image.mimeType};base64,${request.image.data.toString('base64')}` }
          : {}),
      },
      ...(request.webhookUrl ? { webhookUrl: request.webhookUrl } : {}),
      ...(signal ? { abortSignal: signal } : {}),
    });
    return queued.request_id;
  }

  protected async check(id: string, signal?: AbortSignal): Promise<RemoteState> {
    const status = await this.client.queue.status(this.config.model, {
      requestId: id,
      logs: true,
      ...(signal ? { abortSignal: signal } : {}),
    });
    if (status.status !== 'COMPLETED') {
      const logs = status.status === 'IN_PROGRESS' ? status.logs : [];
      return { state: 'running', progress: progressOf(logs ?? []) };
    }
    try {
      const result = await this.client.queue.result(this.config.model, {
        requestId: id,
        ...(signal ? { abortSignal: signal } : {}),
      });
      const url = (result.data as { video?: { url?: string } } | undefined)?.video?.url;
      if (!url) return { state: 'failed', reason: 'fal finished without a video', refused: false };
      this.results.set(id, url);
      return { state: 'succeeded' };
    } catch (err) {
      // A finished request that failed answers its result with the model's error (422: refused input).
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429) {
        const reason = detailOf(err.body) || err.message || 'fal could not generate this video.';
        return { state: 'failed', reason, refused: isRefusal(reason) || err.status === 422 };
      }
      throw err;
    }
  }

  protected async download(id: string, outFile: string, signal?: AbortSignal): Promise<void> {
    if (!this.results.has(id)) await this.check(id, signal);
    const url = this.results.get(id);
    if (!url) throw new Error('fal finished without a video');
    await downloadTo(url, outFile, { signal });
    this.results.delete(id);
  }

  async cancel(id: string): Promise<void> {
    await this.client.queue.cancel(this.config.model, { requestId: id });
  }

  /**
   * fal signs `request id \n user id \n timestamp \n sha256(body)` with ED25519; the public keys
   * are fal's JWKS (cached for a day, read again when no key matches).
   */
  async verifyWebhook(headers: Headers, body: Buffer): Promise<string | null> {
    const [requestId, userId, timestamp, signature] = [
      'x-fal-webhook-request-id',
      'x-fal-webhook-user-id',
      'x-fal-webhook-timestamp',
      'x-fal-webhook-signature',
    ].map((h) => headers.get(h));
    if (!requestId || !userId || !timestamp || !signature || !/^[0-9a-f]+$/i.test(signature)) return null;
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return null;
    const message = Buffer.from(
      `${requestId}\n${userId}\n${timestamp}\n${createHash('sha256').update(body).digest('hex')}`,
    );
    const sig = Buffer.from(signature, 'hex');
    for (const fresh of [false, true]) {
      const keys = await this.keys(fresh);
      if (keys.some((key) => verify(null, message, key, sig))) return requestId;
    }
    return null;
  }

  private async keys(fresh: boolean): Promise<ReturnType<typeof createPublicKey>[]> {
    if (!fresh && this.jwks && Date.now() - this.jwks.at < JWKS_TTL_MS) return this.jwks.keys;
    const response = await fetch(this.config.webhookJwksUrl ?? FAL_JWKS_URL, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`fal's webhook keys could not be read (HTTP ${response.status})`);
    const { keys = [] } = (await response.json()) as { keys?: Record<string, unknown>[] };
    this.jwks = {
      keys: keys.map((jwk) =>
        createPublicKey({ key: jwk as import('node:crypto').JsonWebKey, format: 'jwk' }),
      ),
      at: Date.now(),
    };
    return this.jwks.keys;
  }
}

/** The last "NN%" a model logged (fal's queue has no progress field; video models log steps). */
function progressOf(logs: { message: string }[]): number | null {
  for (let i = logs.length - 1; i >= 0; i--) {
    const match = /(\d{1,3}(?:\.\d+)?)\s*%/.exec(logs[i]!.message);
    if (match) return Math.min(100, Number(match[1]));
  }
  return null;
}

function detailOf(body: unknown): string | undefined {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((d) => (d as { msg?: string }).msg)
      .filter(Boolean)
      .join('; ');
  }
  return undefined;
}
