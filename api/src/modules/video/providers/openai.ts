import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { VIDEO_DURATIONS } from '@chorus/shared/videoRules';
import OpenAI from 'openai';
import type { VideoCapabilities } from '../core/capabilities.ts';
import type { RenderRequest } from '../core/provider.ts';
import { isRefusal, RemoteProvider, type RemoteState, type RemoteVideoConfig } from './remote.ts';

/**
 * A service speaking the OpenAI Videos protocol (create, retrieve, download content): Azure OpenAI
 * and compatible gateways, through the openai SDK at the operator's base URL. The protocol's sizes
 * don't include 1080p; its lengths are 4, 8 and 12 s.
 */
export class OpenAIVideosProvider extends RemoteProvider {
  readonly capabilities: VideoCapabilities;
  private readonly client: OpenAI;

  constructor(config: RemoteVideoConfig) {
    super(config);
    this.capabilities = this.declare_({
      durations: VIDEO_DURATIONS,
      sizes: ['1280x720', '720x1280'],
      // A hosted model takes a minute or two per clip.
      typicalRenderSeconds: 90,
      imageInput: true,
    });
    this.client = new OpenAI({ apiKey: config.apiKey || 'none', ...this.sdkClientOptions() });
  }

  protected async start(request: RenderRequest, signal?: AbortSignal): Promise<string> {
    const created = await this.client.videos.create(
      {
        model: this.config.model,
        prompt: request.prompt,
        seconds: request.seconds as '4' | '8' | '12',
        size: request.size as '1280x720' | '720x1280',
        ...(request.image
          ? {
              input_reference: await OpenAI.toFile(request.image.data, 'start.png', {
                type: request.image.mimeType,
              }),
            }
          : {}),
      },
      // The job id as idempotency key: a retry after a lost response gets the same render back.
      { signal, headers: { 'Idempotency-Key': `video-job-${request.jobId}` } },
    );
    return created.id;
  }

  protected async check(id: string, signal?: AbortSignal): Promise<RemoteState> {
    const video = await this.client.videos.retrieve(id, { signal });
    if (video.status === 'failed') {
      const reason = video.error?.message || 'The video service could not generate this video.';
      return { state: 'failed', reason, refused: isRefusal(`${video.error?.code} ${reason}`) };
    }
    if (video.status === 'completed') return { state: 'succeeded' };
    return { state: 'running', progress: video.progress ?? null };
  }

  protected async download(id: string, outFile: string, signal?: AbortSignal): Promise<void> {
    const response = await this.client.videos.downloadContent(id, { variant: 'video' }, { signal });
    if (!response.body) throw new Error('The video service returned an empty video.');
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(outFile));
  }

  async cancel(id: string): Promise<void> {
    await this.client.videos.delete(id);
  }
}
