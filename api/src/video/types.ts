import type { VideoCapabilities } from '../domain/video/capabilities.ts';
import type { VideoDuration, VideoSize } from '../domain/video/rules.ts';

export interface RenderRequest {
  jobId: string;
  prompt: string;
  seconds: VideoDuration;
  size: VideoSize;
  /** Set when an earlier attempt already started a remote render: resume it, don't start another. */
  remoteId: string | null;
}

export interface RenderHooks {
  /** 0-100, called as often as the provider knows more. */
  onProgress(progress: number): void | Promise<void>;
  /** The remote render's id, saved before waiting on it so a retry resumes the same render. */
  onRemoteId(id: string): void | Promise<void>;
  signal?: AbortSignal;
}

/**
 * Something that turns a prompt into an MP4: the remote Videos API or the local preview renderer.
 * Both write the finished video to `outFile` and report progress on the way.
 */
export interface VideoProvider {
  /** Saved on the job: 'remote' or 'preview' (the UI labels preview renders). */
  readonly name: 'remote' | 'preview';
  readonly sizes: readonly VideoSize[];
  /** What it can make and how long it typically takes: what the dialog and the marketing page promise. */
  readonly capabilities: VideoCapabilities;
  render(request: RenderRequest, outFile: string, hooks: RenderHooks): Promise<void>;
}

/** A failure retrying cannot fix (the provider refused the prompt, the render failed): fail the job now. */
export class VideoRenderError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'VideoRenderError';
  }
}
