import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Env } from '../../../platform/config.ts';
import { logger } from '../../../platform/logger.ts';
import { FILE_RECHECK_MS, WatchedFile } from '../../../platform/watchedFile.ts';
import {
  VIDEO_PROVIDER_KINDS,
  type VideoModels,
  type VideoProvider,
  type VideoProviderKind,
} from '../core/provider.ts';
import { videoConfigShape } from './config.ts';
import { FalProvider } from './fal.ts';
import { extractFrame, extractThumbnail } from './ffmpeg.ts';
import { GoogleVideoProvider } from './google.ts';
import { LocalRenderer } from './local.ts';
import { LumaProvider } from './luma.ts';
import { OpenAIVideosProvider } from './openai.ts';
import type { RemoteVideoConfig } from './remote.ts';
import { ReplicateProvider } from './replicate.ts';
import { RunwayProvider } from './runway.ts';

export type { RenderHooks, RenderRequest, VideoProvider, VideoProviderKind } from '../core/provider.ts';
export { VideoRenderError } from '../core/provider.ts';
export { videoConfigShape } from './config.ts';
export { extractThumbnail } from './ffmpeg.ts';

const schema = z.object(videoConfigShape);

type RemoteKind = Exclude<VideoProviderKind, 'local'>;

/** Each kind's model when VIDEO_MODEL is unset. */
const DEFAULT_MODELS: Record<RemoteKind, string> = {
  openai: 'sora-2',
  google: 'veo-3.1-generate-preview',
  runway: 'gen4.5',
  luma: 'ray-2',
  fal: 'fal-ai/kling-video/v2.1/master/text-to-video',
  replicate: 'kwaivgi/kling-v2.1',
};

const fileEntry = z.object({
  provider: z.enum(VIDEO_PROVIDER_KINDS),
  apiKey: z.string().optional(),
  model: z.string().min(1).optional(),
  baseURL: z.string().url().optional(),
  label: z.string().max(80).optional(),
  webhookSecret: z.string().optional(),
  webhookJwksUrl: z.string().url().optional(),
  /** Google on Vertex AI: true (express-mode key), or the project and location (ADC). */
  vertex: z
    .union([z.literal(true), z.object({ project: z.string().optional(), location: z.string().optional() })])
    .transform((v) => (v === true ? {} : v))
    .optional(),
  capabilities: z
    .object({
      durations: z
        .array(z.string().regex(/^\d{1,2}$/))
        .min(1)
        .optional(),
      sizes: z
        .array(z.enum(['1280x720', '720x1280', '1920x1080', '1080x1920']))
        .min(1)
        .optional(),
      typicalRenderSeconds: z.number().positive().optional(),
      audio: z.boolean().optional(),
      imageInput: z.boolean().optional(),
    })
    .optional(),
});
const fileSchema = z.record(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/i), fileEntry);

/** The class that speaks each service's protocol. */
const REMOTE_PROVIDERS: Record<RemoteKind, new (config: RemoteVideoConfig) => VideoProvider> = {
  openai: OpenAIVideosProvider,
  google: GoogleVideoProvider,
  runway: RunwayProvider,
  luma: LumaProvider,
  fal: FalProvider,
  replicate: ReplicateProvider,
};

export function createVideoProvider(config: RemoteVideoConfig | { kind: 'local' }): VideoProvider {
  return config.kind === 'local' ? new LocalRenderer() : new REMOTE_PROVIDERS[config.kind](config);
}

function loadProviders(env: Env): VideoProvider[] {
  const c = schema.parse(env);
  const common = { pollMs: c.VIDEO_POLL_MS, timeoutMs: c.VIDEO_TIMEOUT_MS };
  const providers: VideoProvider[] = [];
  const kind = c.VIDEO_PROVIDER ?? (c.VIDEO_API_BASE_URL ? 'openai' : undefined);
  if (kind && kind !== 'local') {
    providers.push(
      createVideoProvider({
        ...common,
        name: kind,
        kind,
        apiKey: c.VIDEO_API_KEY ?? '',
        model: c.VIDEO_MODEL ?? DEFAULT_MODELS[kind],
        baseURL: c.VIDEO_API_BASE_URL,
        webhookSecret: c.VIDEO_WEBHOOK_SECRET,
        webhookJwksUrl: c.VIDEO_WEBHOOK_JWKS_URL,
        vertex:
          c.VIDEO_GOOGLE_VERTEX === 'true'
            ? { project: c.VIDEO_GOOGLE_PROJECT, location: c.VIDEO_GOOGLE_LOCATION }
            : undefined,
      }),
    );
  }
  if (c.VIDEO_PROVIDERS_FILE) {
    const entries = fileSchema.parse(JSON.parse(readFileSync(c.VIDEO_PROVIDERS_FILE, 'utf8')));
    for (const [name, e] of Object.entries(entries)) {
      if (providers.some((p) => p.name === name)) continue; // the variables win over the file
      providers.push(
        e.provider === 'local'
          ? new LocalRenderer()
          : createVideoProvider({
              ...common,
              ...e,
              name,
              kind: e.provider,
              apiKey: e.apiKey ?? '',
              model: e.model ?? DEFAULT_MODELS[e.provider],
            }),
      );
    }
  }
  if (providers.length === 0 || kind === 'local') providers.unshift(new LocalRenderer());
  return providers;
}

/**
 * The video models of a running process: VIDEO_PROVIDER… (the default, first) and the entries of
 * VIDEO_PROVIDERS_FILE, which is read again when it changes (like AI_PROVIDERS_FILE); a file that
 * no longer parses leaves the last good list in place. The preview renderer is always there for
 * the jobs it made, and offered only when nothing else is configured.
 */
export class VideoProviders implements VideoModels {
  private providers: VideoProvider[];
  private readonly file: WatchedFile;
  private readonly preview = new LocalRenderer();
  readonly webhooks: boolean;

  constructor(
    private readonly env: Env,
    recheckMs = FILE_RECHECK_MS,
  ) {
    this.file = new WatchedFile(env.VIDEO_PROVIDERS_FILE, recheckMs);
    this.providers = loadProviders(env);
    this.webhooks = schema.parse(env).VIDEO_WEBHOOKS === 'true';
  }

  /** What the dialog offers, the default first. */
  list(): VideoProvider[] {
    this.refresh();
    return this.providers;
  }

  get default(): VideoProvider {
    return this.list()[0]!;
  }

  /** The one with this id; the default when no id is given; undefined when none has it. */
  get(name?: string | null): VideoProvider | undefined {
    if (!name) return this.default;
    if (name === 'preview') return this.list().find((p) => p.name === name) ?? this.preview;
    return this.list().find((p) => p.name === name);
  }

  thumbnail(videoFile: string, thumbFile: string): Promise<void> {
    return extractThumbnail(videoFile, thumbFile);
  }

  frame(videoFile: string, seconds: number, outFile: string): Promise<void> {
    return extractFrame(videoFile, seconds, outFile);
  }

  private refresh(): void {
    if (!this.file.changed()) return;
    const file = this.file.path;
    try {
      this.providers = loadProviders(this.env);
      logger.info({ file, providers: this.providers.map((p) => p.name) }, 'video providers file reloaded');
    } catch (err) {
      logger.warn({ err, file }, 'video providers file could not be read; keeping the providers before');
    }
  }
}

export function videoProvidersFromEnv(env: Env): VideoProviders {
  return new VideoProviders(env);
}
