import RunwayML from '@runwayml/sdk';
import type { VideoCapabilities } from '../core/capabilities.ts';
import type { RenderRequest } from '../core/provider.ts';
import { downloadTo, isRefusal, RemoteProvider, type RemoteState, type RemoteVideoConfig } from './remote.ts';

/** Google's Veo 3.1 through Runway: the same clips at two speeds. */
const VEO: Omit<VideoCapabilities, 'typicalRenderSeconds'> = {
  durations: ['4', '6', '8'],
  sizes: ['1280x720', '720x1280', '1920x1080', '1080x1920'],
  audio: true,
  imageInput: true,
};

/** What Runway's video models make (its API reference, November 2026); other models: gen4.5's. */
const MODELS: Record<string, VideoCapabilities> = {
  'gen4.5': {
    durations: ['5', '10'],
    sizes: ['1280x720', '720x1280'],
    typicalRenderSeconds: 60,
    imageInput: true,
  },
  'veo3.1': { ...VEO, typicalRenderSeconds: 90 },
  'veo3.1_fast': { ...VEO, typicalRenderSeconds: 45 },
};

/**
 * Runway through @runwayml/sdk: a text-to-video or image-to-video task (the picture goes as a data
 * URI), followed at GET /v1/tasks/{id}, whose output is a list of video URLs. Cancelling deletes
 * the task (Runway cancels a running one).
 *
 * Polling only: Runway's public API (its reference and @runwayml/sdk 4.x) has no webhook or
 * callback parameter on task creation, so none is sent and no signature scheme is invented for it.
 * Nor does it declare an idempotency header (the SDK's idempotencyHeader is unset): the task id
 * saved the moment Runway answers is what a restarted worker resumes.
 */
export class RunwayProvider extends RemoteProvider {
  readonly capabilities: VideoCapabilities;
  private readonly client: RunwayML;

  constructor(config: RemoteVideoConfig) {
    super(config);
    this.capabilities = this.declare_(MODELS[config.model] ?? MODELS['gen4.5']!);
    this.client = new RunwayML({ apiKey: config.apiKey, ...this.sdkClientOptions() });
  }

  protected async start(request: RenderRequest, signal?: AbortSignal): Promise<string> {
    const ratio = request.size.replace('x', ':');
    const common = {
      model: this.config.model,
      promptText: request.prompt,
      ratio,
      duration: Number(request.seconds),
    };
    // The SDK types each model's own parameters; the model is the operator's choice, so the body
    // is built from the shared ones.
    const created = request.image
      ? await this.client.imageToVideo.create(
          {
            ...common,
            promptImage: `data:${request.image.mimeType};base64,${request.image.data.toString('base64')}`,
          } as unknown as RunwayML.ImageToVideoCreateParams,
          { signal },
        )
      : await this.client.textToVideo.create(common as unknown as RunwayML.TextToVideoCreateParams, {
          signal,
        });
    return created.id;
  }

  protected async check(id: string, signal?: AbortSignal): Promise<RemoteState> {
    const task = await this.client.tasks.retrieve(id, { signal });
    switch (task.status) {
      case 'SUCCEEDED':
        return { state: 'succeeded' };
      case 'FAILED':
        return {
          state: 'failed',
          reason: task.failure || 'Runway could not generate this video.',
          refused: isRefusal(`${task.failureCode ?? ''} ${task.failure}`),
        };
      case 'CANCELLED':
        return { state: 'failed', reason: 'The video was cancelled.', refused: false };
      case 'RUNNING':
        return { state: 'running', progress: (task.progress ?? 0) * 100 };
      default:
        return { state: 'running', progress: null };
    }
  }

  protected async download(id: string, outFile: string, signal?: AbortSignal): Promise<void> {
    const task = await this.client.tasks.retrieve(id, { signal });
    const url = task.status === 'SUCCEEDED' ? task.output[0] : undefined;
    if (!url) throw new Error('Runway finished without a video');
    await downloadTo(url, outFile, { signal });
  }

  async cancel(id: string): Promise<void> {
    await this.client.tasks.delete(id);
  }
}
