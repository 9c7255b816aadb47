import { aspectRatioOf, shortSideOf } from '@chorus/shared/videoRules';
import LumaAI from 'lumaai';
import type { VideoCapabilities } from '../core/capabilities.ts';
import { type RenderRequest, VideoRenderError } from '../core/provider.ts';
import { downloadTo, isRefusal, RemoteProvider, type RemoteState, type RemoteVideoConfig } from './remote.ts';

/**
 * Luma Dream Machine through the lumaai SDK: a video generation (ray-2, ray-flash-2) followed at
 * GET /generations/{id} (queued → dreaming → completed | failed), whose assets.video is the MP4.
 * Luma reports no percentage: the dialog estimates from the model's typical time. Its callback_url
 * is not signed, so Chorus polls. Cancelling deletes the generation.
 *
 * Image-to-video goes through keyframes: `frame0` is `{ type: 'image', url }`, and Luma takes only
 * a URL it fetches itself (no bytes, no data URI), so the picture is offered at the job's
 * /api/video-sources/… address on PUBLIC_URL while the job runs (without PUBLIC_URL Luma can't
 * start from a picture and the job says so).
 *
 * Prompt expansion: the Dream Machine app's "enhance prompt" has no counterpart in Luma's public
 * API — the lumaai SDK's GenerationCreateParams (1.19) are model, prompt, aspect_ratio, duration,
 * resolution, keyframes, loop, concepts and callback_url, nothing else. So promptExpansion is not
 * declared (the dialog offers its own Enhance for Luma, as for every model) rather than sending a
 * parameter Luma does not document. Nor does the API take an idempotency key: a render is
 * resumed by the generation id saved the moment Luma answers.
 */
export class LumaProvider extends RemoteProvider {
  readonly capabilities: VideoCapabilities;
  private readonly client: LumaAI;

  constructor(config: RemoteVideoConfig) {
    super(config);
    this.capabilities = this.declare_({
      durations: ['5', '9'],
      sizes: ['1280x720', '720x1280', '1920x1080', '1080x1920'],
      typicalRenderSeconds: config.model === 'ray-flash-2' ? 40 : 90,
      imageInput: true,
    });
    this.client = new LumaAI({ authToken: config.apiKey, ...this.sdkClientOptions() });
  }

  protected async start(request: RenderRequest, signal?: AbortSignal): Promise<string> {
    if (request.image && !request.imageUrl) {
      throw new VideoRenderError(
        'Luma reads the start picture from a public address: this server has no PUBLIC_URL set.',
      );
    }
    const created = await this.client.generations.create(
      {
        model: this.config.model as 'ray-2',
        prompt: request.prompt,
        aspect_ratio: aspectRatioOf(request.size) as '16:9',
        duration: `${request.seconds}s`,
        resolution: `${shortSideOf(request.size)}p`,
        ...(request.image && request.imageUrl
          ? { keyframes: { frame0: { type: 'image' as const, url: request.imageUrl } } }
          : {}),
      },
      { signal },
    );
    if (!created.id) throw new Error('Luma answered without a generation id');
    return created.id;
  }

  protected async check(id: string, signal?: AbortSignal): Promise<RemoteState> {
    const generation = await this.client.generations.get(id, { signal });
    if (generation.state === 'failed') {
      const reason = generation.failure_reason || 'Luma could not generate this video.';
      return { state: 'failed', reason, refused: isRefusal(reason) };
    }
    if (generation.state === 'completed') return { state: 'succeeded' };
    return { state: 'running', progress: null };
  }

  protected async download(id: string, outFile: string, signal?: AbortSignal): Promise<void> {
    const url = (await this.client.generations.get(id, { signal })).assets?.video;
    if (!url) throw new Error('Luma finished without a video');
    await downloadTo(url, outFile, { signal });
  }

  async cancel(id: string): Promise<void> {
    await this.client.generations.delete(id);
  }
}
