import { aspectRatioOf, shortSideOf, type VideoDuration, type VideoSize } from '@chorus/shared/videoRules';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What a video provider can make, declared by each provider (modules/video/providers/): the lengths and sizes
 * it renders and how long a render typically takes. The dialog, the REST shim and the marketing page
 * say only what the configured one can do.
 */
export interface VideoCapabilities {
  durations: readonly VideoDuration[];
  sizes: readonly VideoSize[];
  /** A typical render of a 4 s clip, in seconds, until real renders have been measured. */
  typicalRenderSeconds: number;
  /** The model makes a soundtrack with the picture (Veo's native audio). */
  audio?: boolean;
  /** It can start from a picture (image-to-video). */
  imageInput?: boolean;
  /** It can rewrite the prompt itself before rendering (Luma's prompt expansion). */
  promptExpansion?: boolean;
}

/** How many of a provider's newest finished videos the render-time estimate is taken from. */
const MEASURED_JOBS = 20;

export interface RenderEstimate {
  duration: VideoDuration;
  /** Seconds from asking to a finished video. */
  seconds: number;
  /** True when measured from the provider's recent videos, false when its declared typical time. */
  measured: boolean;
}

export interface VideoOptionsView {
  /** The id to pass as `model` when generating. */
  id: string;
  provider: string;
  /** openai, google, runway, luma, fal, replicate or local. */
  kind: string;
  model: string;
  label: string;
  preview: boolean;
  aspectRatios: string[];
  audio: boolean;
  imageInput: boolean;
  promptExpansion: boolean;
  durations: VideoDuration[];
  sizes: VideoSize[];
  /** The tallest landscape size's height (720, 1080): "up to 1080p". */
  maxHeight: number;
  renderEstimates: RenderEstimate[];
}

/**
 * The median seconds of render per second of video over the provider's newest completed jobs
 * (asked to finished, which is what the person waits for), or null before any finished.
 */
async function measuredSecondsPerVideoSecond(em: EntityManager, provider: string): Promise<number | null> {
  const rows = await em.getConnection().execute<{ per_second: number | null }[]>(
    `select percentile_cont(0.5) within group (
         order by extract(epoch from (updated_at - created_at)) / greatest(duration::numeric, 1)
       ) as per_second
     from (select updated_at, created_at, duration from video_jobs
           where status = 'completed' and provider = ? order by updated_at desc limit ?) recent`,
    [provider, MEASURED_JOBS],
  );
  const value = rows[0]?.per_second;
  return value === null || value === undefined ? null : Number(value);
}

/** The configured provider's capabilities with render times measured from its finished videos. */
export async function videoOptions(
  em: EntityManager,
  provider: {
    name: string;
    kind?: string;
    model?: string;
    label?: string;
    preview?: boolean;
    capabilities: VideoCapabilities;
  },
): Promise<VideoOptionsView> {
  const { durations, sizes, typicalRenderSeconds } = provider.capabilities;
  const measured = await measuredSecondsPerVideoSecond(em, provider.name);
  const perSecond = measured ?? typicalRenderSeconds / 4;
  const heights = sizes.map(shortSideOf);
  const preview = provider.preview ?? provider.name === 'preview';
  return {
    id: provider.name,
    provider: provider.name,
    kind: provider.kind ?? (preview ? 'local' : 'openai'),
    model: provider.model ?? '',
    label: provider.label ?? provider.name,
    preview,
    aspectRatios: [...new Set(sizes.map(aspectRatioOf))],
    audio: provider.capabilities.audio ?? false,
    imageInput: provider.capabilities.imageInput ?? false,
    promptExpansion: provider.capabilities.promptExpansion ?? false,
    durations: [...durations],
    sizes: [...sizes],
    maxHeight: Math.max(0, ...heights),
    renderEstimates: durations.map((duration) => ({
      duration,
      seconds: Math.max(1, Math.round(perSecond * Number(duration))),
      measured: measured !== null,
    })),
  };
}

/** Every configured video model with what it can make, the default first (the dialog's model picker). */
export async function videoModels(
  em: EntityManager,
  providers: { list(): Parameters<typeof videoOptions>[1][] },
): Promise<VideoOptionsView[]> {
  const views: VideoOptionsView[] = [];
  for (const provider of providers.list()) views.push(await videoOptions(em, provider));
  return views;
}
