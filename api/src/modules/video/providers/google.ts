import { aspectRatioOf, shortSideOf } from '@chorus/shared/videoRules';
import { GenerateVideosOperation, GoogleGenAI } from '@google/genai';
import type { VideoCapabilities } from '../core/capabilities.ts';
import type { RenderRequest } from '../core/provider.ts';
import { isRefusal, RemoteProvider, type RemoteState, type RemoteVideoConfig } from './remote.ts';

/**
 * Google's Veo through @google/genai: on the Gemini API (an API key: POST
 * models/{model}:predictLongRunning, GET the long-running operation, files/{id}:download), or on
 * Vertex AI (VIDEO_GOOGLE_VERTEX: publishers/google/models/{model}:predictLongRunning, then
 * :fetchPredictOperation, the video's bytes inline in the finished operation).
 * The SDK's `source` form of generateVideos (its 2026 interface; prompt/image arguments are
 * deprecated). Veo makes 4, 6 or 8 s at 720p or 1080p, 16:9 or 9:16, with native audio. Veo
 * reports no percentage: the dialog estimates from the typical time. A refusal arrives as a
 * finished operation whose videos were filtered (raiMediaFilteredReasons).
 *
 * No cancel: @google/genai's `operations` offers only get/getVideosOperation, and neither the
 * Gemini API's Veo operations nor Vertex AI's fetchPredictOperation have a cancel method. A
 * cancelled job stops following the operation and never downloads it, but Google finishes (and
 * bills) the render. Nor does either API take an idempotency key or request id for
 * predictLongRunning: the operation name saved the moment Google answers is what a restarted
 * worker resumes.
 */
export class GoogleVideoProvider extends RemoteProvider {
  readonly capabilities: VideoCapabilities;
  private readonly client: GoogleGenAI;
  /** Finished operations, read when the operation says done, for the download. */
  private readonly finished = new Map<string, GenerateVideosOperation>();

  constructor(config: RemoteVideoConfig) {
    super(config);
    this.capabilities = this.declare_({
      durations: ['4', '6', '8'],
      sizes: ['1280x720', '720x1280', '1920x1080', '1080x1920'],
      typicalRenderSeconds: /fast/.test(config.model) ? 45 : 90,
      audio: true,
      imageInput: true,
    });
    this.client = new GoogleGenAI({
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      ...(config.vertex
        ? {
            vertexai: true,
            ...(config.vertex.project ? { project: config.vertex.project } : {}),
            ...(config.vertex.location ? { location: config.vertex.location } : {}),
          }
        : {}),
      httpOptions: {
        ...(config.baseURL ? { baseUrl: config.baseURL } : {}),
        timeout: config.timeoutMs,
      },
    });
  }

  protected async start(request: RenderRequest, signal?: AbortSignal): Promise<string> {
    const operation = await this.client.models.generateVideos({
      model: this.config.model,
      source: {
        prompt: request.prompt,
        ...(request.image
          ? { image: { imageBytes: request.image.data.toString('base64'), mimeType: request.image.mimeType } }
          : {}),
      },
      config: {
        numberOfVideos: 1,
        durationSeconds: Number(request.seconds),
        aspectRatio: aspectRatioOf(request.size),
        resolution: `${shortSideOf(request.size)}p`,
        // Veo 3 on Vertex takes the audio switch; the Gemini API always makes sound and refuses it.
        ...(this.config.vertex && this.capabilities.audio ? { generateAudio: true } : {}),
        ...(signal ? { abortSignal: signal } : {}),
      },
    });
    if (!operation.name) throw new Error('Google answered without an operation name');
    return operation.name;
  }

  protected async check(name: string, signal?: AbortSignal): Promise<RemoteState> {
    const pending = new GenerateVideosOperation();
    pending.name = name;
    const operation = await this.client.operations.getVideosOperation({
      operation: pending,
      ...(signal ? { config: { abortSignal: signal } } : {}),
    });
    if (!operation.done) return { state: 'running', progress: null };
    if (operation.error) {
      const reason = String(operation.error.message ?? 'Google could not generate this video.');
      return { state: 'failed', reason, refused: isRefusal(reason) };
    }
    // Veo's safety filters remove the video and say so in the finished operation: how many were
    // removed (raiMediaFilteredCount) and why (raiMediaFilteredReasons, sometimes absent).
    const filtered = operation.response?.raiMediaFilteredReasons ?? [];
    const filteredCount = operation.response?.raiMediaFilteredCount ?? 0;
    if (!operation.response?.generatedVideos?.length) {
      const refused = filtered.length > 0 || filteredCount > 0;
      const reason =
        filtered.join(' ') ||
        (refused ? "Google's safety filters removed the video." : 'Google returned no video.');
      return { state: 'failed', reason, refused };
    }
    this.finished.set(name, operation);
    return { state: 'succeeded' };
  }

  protected async download(name: string, outFile: string, signal?: AbortSignal): Promise<void> {
    if (!this.finished.has(name)) await this.check(name, signal);
    const video = this.finished.get(name)?.response?.generatedVideos?.[0];
    if (!video) throw new Error('Google finished without a video');
    await this.client.files.download({
      file: video,
      downloadPath: outFile,
      ...(signal ? { config: { abortSignal: signal } } : {}),
    });
    this.finished.delete(name);
  }
}
