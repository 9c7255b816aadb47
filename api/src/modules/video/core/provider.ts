import type { VideoDuration, VideoSize } from '@chorus/shared/videoRules';
import type { VideoCapabilities } from './capabilities.ts';

/** The kinds of video service Chorus speaks to, each through its own SDK (modules/video/providers/). */
export const VIDEO_PROVIDER_KINDS = [
  'openai',
  'google',
  'runway',
  'luma',
  'fal',
  'replicate',
  'local',
] as const;
export type VideoProviderKind = (typeof VIDEO_PROVIDER_KINDS)[number];

export interface RenderRequest {
  jobId: string;
  prompt: string;
  seconds: VideoDuration;
  size: VideoSize;
  /** Set when an earlier attempt already started a remote render: resume it, don't start another. */
  remoteId: string | null;
  /** The picture the video starts from (image-to-video), when the person chose one. */
  image?: { data: Buffer; mimeType: string } | null;
  /**
   * The same picture at an address the provider can fetch while the job runs (PUBLIC_URL's
   * /api/video-sources/…), for providers that take pictures only by URL (Luma's keyframes).
   */
  imageUrl?: string | null;
  /** Where the provider may call when the render changes (its webhook), when the deployment has one. */
  webhookUrl?: string | null;
}

export interface RenderHooks {
  /** 0-100, called as often as the provider knows more. */
  onProgress(progress: number): void | Promise<void>;
  /** The remote render's id, saved before waiting on it so a retry resumes the same render. */
  onRemoteId(id: string): void | Promise<void>;
  /**
   * Waits up to `ms` before the provider is asked again; returns early when a verified webhook says
   * the render changed. Without it, a plain sleep.
   */
  waitForNews?(ms: number, signal?: AbortSignal): Promise<void>;
  signal?: AbortSignal;
}

/**
 * Something that turns a prompt into an MP4: a video service through its SDK, or the local preview
 * renderer. Each writes the finished video to `outFile` and reports progress on the way.
 */
export interface VideoProvider {
  /** Its id in this deployment (the VIDEO_PROVIDERS_FILE key, or the VIDEO_PROVIDER kind), saved on jobs. */
  readonly name: string;
  readonly kind: VideoProviderKind;
  /** The model asked for (empty for the preview renderer). */
  readonly model: string;
  /** What the model picker shows. */
  readonly label: string;
  /** True for the local preview renderer: its videos are labelled preview renders everywhere. */
  readonly preview: boolean;
  readonly sizes: readonly VideoSize[];
  /** What it can make and how long it typically takes: what the dialog and the marketing page promise. */
  readonly capabilities: VideoCapabilities;
  render(request: RenderRequest, outFile: string, hooks: RenderHooks): Promise<void>;
  /** Stops a remote render (a cancelled job), so it is not finished and paid for. */
  cancel?(remoteId: string): Promise<void>;
  /**
   * Checks a webhook's signature over the exact bytes received and answers the remote id it is
   * about, or null when it isn't genuine. Providers without verifiable webhooks don't have it.
   */
  verifyWebhook?(headers: Headers, body: Buffer): Promise<string | null>;
}

/** A failure retrying cannot fix (the provider refused the prompt, the render failed): fail the job now. */
export class VideoRenderError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
    /** The provider refused the prompt or picture (its content policy). */
    readonly refused = false,
  ) {
    super(message);
    this.name = 'VideoRenderError';
  }
}

/**
 * The video models a process can render with (providers/index.ts builds it from config), as the
 * core sees them: core/ never imports a provider, it is handed this.
 */
export interface VideoModels {
  /** What the dialog offers, the default first. */
  list(): VideoProvider[];
  readonly default: VideoProvider;
  /** The one with this id; the default when no id is given; undefined when none has it. */
  get(name?: string | null): VideoProvider | undefined;
  /** Whether providers are asked to call webhooks. */
  readonly webhooks: boolean;
  /** A poster frame of a finished video, written as JPEG. */
  thumbnail(videoFile: string, thumbFile: string): Promise<void>;
  /** The frame at `seconds` of a video, full size, written as JPEG (nothing written past its end). */
  frame(videoFile: string, seconds: number, outFile: string): Promise<void>;
}
