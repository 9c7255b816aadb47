import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import type { VideoCapabilities } from '../domain/video/capabilities.ts';
import { VIDEO_DURATIONS, type VideoSize } from '../domain/video/rules.ts';
import type { RenderHooks, RenderRequest, VideoProvider } from './types.ts';
import { VideoRenderError } from './types.ts';

export interface RemoteVideoConfig {
  baseURL: string;
  apiKey: string;
  model: string;
  pollMs: number;
  timeoutMs: number;
}

/**
 * A service speaking the OpenAI Videos protocol (create, retrieve, download content), reached
 * through the openai SDK at the operator's base URL. The protocol's sizes don't include 1080p.
 */
export class RemoteVideoProvider implements VideoProvider {
  readonly name = 'remote' as const;
  readonly sizes: readonly VideoSize[] = ['1280x720', '720x1280'];
  // The protocol's seconds are '4', '8' and '12'; a hosted model takes a minute or two per clip.
  readonly capabilities: VideoCapabilities = {
    durations: VIDEO_DURATIONS,
    sizes: this.sizes,
    typicalRenderSeconds: 90,
  };
  private readonly client: OpenAI;

  constructor(private readonly config: RemoteVideoConfig) {
    this.client = new OpenAI({
      baseURL: config.baseURL,
      apiKey: config.apiKey,
      timeout: config.timeoutMs,
      maxRetries: 2,
    });
  }

  async render(request: RenderRequest, outFile: string, hooks: RenderHooks): Promise<void> {
    const signal = hooks.signal;
    let id = request.remoteId;
    if (!id) {
      const created = await this.client.videos.create(
        {
          model: this.config.model,
          prompt: request.prompt,
          seconds: request.seconds,
          size: request.size as '1280x720' | '720x1280',
        },
        // The job id as idempotency key: a retry after a lost response gets the same render back.
        { signal, headers: { 'Idempotency-Key': `video-job-${request.jobId}` } },
      );
      id = created.id;
      await hooks.onRemoteId(id);
    }
    for (;;) {
      const video = await this.client.videos.retrieve(id, { signal });
      if (video.status === 'failed') {
        throw new VideoRenderError(
          video.error?.message || 'The video service could not generate this video.',
        );
      }
      await hooks.onProgress(Math.min(99, Math.max(0, Math.round(video.progress ?? 0))));
      if (video.status === 'completed') break;
      await sleep(this.config.pollMs, undefined, { signal });
    }
    const response = await this.client.videos.downloadContent(id, { variant: 'video' }, { signal });
    if (!response.body) throw new VideoRenderError('The video service returned an empty video.', true);
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      createWriteStream(outFile),
    );
  }
}
