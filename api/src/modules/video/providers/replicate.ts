import { aspectRatioOf, shortSideOf, VIDEO_DURATIONS } from '@chorus/shared/videoRules';
import Replicate, { parseProgressFromLogs, validateWebhook } from 'replicate';
import type { VideoCapabilities } from '../core/capabilities.ts';
import type { RenderRequest } from '../core/provider.ts';
import { downloadTo, isRefusal, RemoteProvider, type RemoteState, type RemoteVideoConfig } from './remote.ts';

/** Standard Webhooks: a signature older than this is refused (a replayed request). */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * Any video model hosted on Replicate (VIDEO_MODEL=owner/name) through the replicate SDK: a
 * prediction on the model (POST /models/{owner}/{name}/predictions) followed at GET
 * /predictions/{id}; progress is read from its logs the way the SDK does. Inputs follow the
 * common video-model names (prompt, duration, aspect_ratio, resolution, image); a model with
 * other lengths declares them through the provider's `capabilities`. With a webhook secret,
 * predictions call back (Standard Webhooks signature, checked with the SDK's validateWebhook);
 * polling goes on beside them. Replicate takes no idempotency key on predictions: the prediction id
 * saved the moment Replicate answers is what a restarted worker resumes.
 */
export class ReplicateProvider extends RemoteProvider {
  readonly capabilities: VideoCapabilities;
  private readonly client: Replicate;

  constructor(config: RemoteVideoConfig) {
    super(config);
    this.capabilities = this.declare_({
      durations: VIDEO_DURATIONS.slice(0, 2),
      sizes: ['1280x720', '720x1280'],
      typicalRenderSeconds: 120,
      imageInput: true,
    });
    this.client = new Replicate({
      auth: config.apiKey,
      ...(config.baseURL ? { baseUrl: config.baseURL } : {}),
      // No file inputs for the SDK to transform: a picture goes as a data URI string (nothing is
      // uploaded to Replicate's file store; the SDK's own 'data-uri' strategy mangles the input in 1.4).
      useFileOutput: false,
    });
  }

  protected async start(request: RenderRequest, signal?: AbortSignal): Promise<string> {
    const prediction = await this.client.predictions.create({
      model: this.config.model,
      input: {
        prompt: request.prompt,
        duration: Number(request.seconds),
        aspect_ratio: aspectRatioOf(request.size),
        resolution: `${shortSideOf(request.size)}p`,
        ...(request.image
          ? { image: `data:${request.image.mimeType};base64,${request.image.data.toString('base64')}` }
          : {}),
      },
      ...(request.webhookUrl && this.config.webhookSecret
        ? { webhook: request.webhookUrl, webhook_events_filter: ['logs', 'completed'] as const }
        : {}),
      ...(signal ? { signal } : {}),
    } as Parameters<Replicate['predictions']['create']>[0]);
    return prediction.id;
  }

  protected async check(id: string, signal?: AbortSignal): Promise<RemoteState> {
    const prediction = await this.client.predictions.get(id, signal ? { signal } : {});
    switch (prediction.status) {
      case 'succeeded':
        return { state: 'succeeded' };
      case 'failed': {
        const reason = String(prediction.error ?? '') || 'Replicate could not generate this video.';
        return { state: 'failed', reason, refused: isRefusal(reason) };
      }
      case 'canceled':
        return { state: 'failed', reason: 'The video was cancelled.', refused: false };
      default: {
        const parsed = prediction.logs ? parseProgressFromLogs(prediction.logs) : null;
        return { state: 'running', progress: parsed ? parsed.percentage * 100 : null };
      }
    }
  }

  protected async download(id: string, outFile: string, signal?: AbortSignal): Promise<void> {
    const { output } = await this.client.predictions.get(id, signal ? { signal } : {});
    const url = [output].flat().find((o): o is string => typeof o === 'string');
    if (!url) throw new Error('Replicate finished without a video');
    await downloadTo(url, outFile, { signal });
  }

  async cancel(id: string): Promise<void> {
    await this.client.predictions.cancel(id);
  }

  async verifyWebhook(headers: Headers, body: Buffer): Promise<string | null> {
    const secret = this.config.webhookSecret;
    const [id, timestamp, signature] = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) =>
      headers.get(h),
    );
    if (!secret || !id || !timestamp || !signature || body.length === 0) return null;
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return null;
    const text = body.toString('utf8');
    const valid = await validateWebhook({ id, timestamp, signature, body: text, secret }).catch(() => false);
    if (!valid) return null;
    const prediction = JSON.parse(text) as { id?: unknown };
    return typeof prediction.id === 'string' ? prediction.id : null;
  }
}
