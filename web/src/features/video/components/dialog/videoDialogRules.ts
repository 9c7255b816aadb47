import {
  DEFAULT_VIDEO_SIZE,
  type DetectedDuration,
  detectDuration,
  estimatedRemainingSeconds,
  type VideoDuration,
} from '@chorus/shared/videoRules';
import type { PostFieldsFragment } from '../../../../graphql/__generated__/graphql';
import { currentLanguage, t } from '../../../../lib/i18n';
import { listOf } from '../../capabilities';
import type { VideoRequest } from '../useVideoGeneration';

/**
 * The video dialog's rules as plain functions (VideoDialog.tsx draws them): which models and sizes
 * apply, the length read from the prompt, what Generate sends, the time left and the dialog's words.
 * Unit-tested in videoDialogRules.test.ts.
 */

/** The picture an image-to-video starts from: one of the user's files, by id or by its /media address. */
export interface VideoSourceImage {
  url: string;
  fileId?: string;
  /** A frame of one of the user's videos: the server takes it at `seconds`. */
  frame?: { videoId: string; seconds: number };
  /** A remix's start: the original's poster (`url` shows it), which the server copies to the user's files. */
  remixPoster?: boolean;
}

/** The bits of a video model the rules read (VideoModelsQuery's items). */
export interface ModelOptions {
  id: string;
  imageInput: boolean;
  durations: readonly string[];
  sizes: readonly string[];
}

/** Starting from a picture: only the models that can. */
export function modelsFor<M extends Pick<ModelOptions, 'imageInput'>>(
  all: readonly M[],
  image: VideoSourceImage | null,
): readonly M[] {
  return image ? all.filter((m) => m.imageInput) : all;
}

/** The model chosen by id, else the first one offered. */
export function chosenModel<M extends Pick<ModelOptions, 'id'>>(
  models: readonly M[],
  id: string,
): M | undefined {
  return models.find((m) => m.id === id) ?? models[0];
}

/** The size chosen when the model makes it, else the model's first (the default without a model). */
export function sizeFor(sizes: readonly string[] | undefined, chosen: string): string {
  const offered = sizes ?? [DEFAULT_VIDEO_SIZE];
  return offered.includes(chosen) ? chosen : (offered[0] ?? DEFAULT_VIDEO_SIZE);
}

/**
 * The length and prompt that will be made: read from the message, except that a length written into
 * the edited prompt wins; the edited prompt (without its length phrases) replaces the message's.
 * Null before the dialog has a prompt.
 */
export function detectedFrom(
  prompt: string | null,
  edited: string | null,
  durations: readonly VideoDuration[],
): DetectedDuration | null {
  if (prompt === null) return null;
  const asked = detectDuration(prompt, durations);
  const fromText = edited === null ? null : detectDuration(edited, durations);
  if (fromText?.phrase) return fromText;
  return { ...asked, prompt: fromText?.prompt ?? asked.prompt };
}

/** The plan's videos are used up: Generate says why instead of failing after the click. */
export function isOutOfVideos(
  allowance: { limit?: number | null; remaining?: number | null } | undefined,
): boolean {
  return allowance?.limit != null && (allowance.remaining ?? 0) <= 0;
}

/** What Generate sends (useVideoGeneration.ts): the picture as a file id, a /media address or a video's frame. */
export function videoRequestOf({
  prompt,
  edited,
  duration,
  size,
  share,
  model,
  image,
  remixOf,
}: {
  prompt: string;
  edited: string | null;
  duration: string;
  size: string;
  share: boolean;
  model: string | undefined;
  image: VideoSourceImage | null;
  /** "Make one like this": the post it remixes. */
  remixOf?: string | null;
}): VideoRequest {
  return {
    prompt: edited ?? prompt,
    duration,
    size,
    isPublic: share,
    model,
    imageFileId: image?.fileId,
    imageUrl: image && !image.fileId && !image.frame && !image.remixPoster ? image.url : undefined,
    frameVideoId: image?.frame?.videoId,
    frameSeconds: image?.frame?.seconds,
    ...(remixOf ? { remixOf } : {}),
    ...(remixOf && image?.remixPoster ? { remixPoster: true } : {}),
  };
}

/**
 * Seconds left while it renders. Without a percentage from the provider (in progress at 0 %) the time
 * is the model's typical render time less the time elapsed, and `estimated` says so; otherwise it
 * follows the percentage (shared/videoRules.ts).
 */
export function timeLeft({
  status,
  progress,
  seconds,
  renderSeconds,
  elapsed,
}: {
  status: string;
  progress: number;
  /** The video's length. */
  seconds: number;
  /** The model's typical time to make this length, when known. */
  renderSeconds: number | undefined;
  /** Seconds since Generate. */
  elapsed: number;
}): { seconds: number; estimated: boolean } {
  const estimated = status === 'in_progress' && progress === 0 && renderSeconds !== undefined;
  return {
    seconds: estimated
      ? Math.max(0, (renderSeconds ?? 0) - elapsed)
      : estimatedRemainingSeconds({ seconds, progress, renderSeconds }),
    estimated,
  };
}

export function progressLabel(progress: number): string {
  if (progress <= 0) return t('Starting...');
  if (progress >= 100) return t('Complete!');
  return t('{progress}%', { progress });
}

/** "about 6 seconds", "about 2 minutes". */
export function roughly(seconds: number): string {
  if (seconds < 60) return t('{seconds, plural, one {about # second} other {about # seconds}}', { seconds });
  const minutes = Math.round(seconds / 60);
  return t('{minutes, plural, one {about # minute} other {about # minutes}}', { minutes });
}

/** " It takes about 6 seconds to make.", or nothing when the model's time isn't known. */
export function takesLine(renderSeconds: number | null): string {
  return renderSeconds ? ` ${t('It takes {time} to make.', { time: roughly(renderSeconds) })}` : '';
}

/** Where the length came from, when it is one the model makes. */
export function durationLine(duration: string, phrase: string | null, durations: readonly string[]): string {
  return phrase
    ? t('{duration} seconds, read from “{phrase}” in your prompt.', { duration, phrase })
    : t('{duration} seconds (the default). Write {others} in your prompt for another length.', {
        duration,
        others: listOf(
          durations.filter((d) => d !== duration).map((d) => t('“{duration} seconds”', { duration: d })),
          'or',
          currentLanguage(),
        ),
      });
}

/** The length asked for isn't made: what will be instead. */
export function unavailableLine(duration: string, durations: readonly string[]): string {
  return t('Videos are {durations} seconds long, so this one will be {duration} seconds.', {
    durations: listOf(durations, 'or', currentLanguage()),
    duration,
  });
}

export type DialogPhase = 'confirm' | 'running' | 'finished' | 'failed' | 'cancelled';

/** Where the dialog is: confirming before Generate, rendering, done, failed or cancelled by the person. */
export function dialogPhase(
  started: boolean,
  job: { status: string; videoUrl?: string | null; cancelled?: boolean | null } | null,
): DialogPhase {
  if (!started) return 'confirm';
  const status = job?.status ?? 'queued';
  if (status === 'completed' && job?.videoUrl) return 'finished';
  if (status === 'failed') return job?.cancelled ? 'cancelled' : 'failed';
  return 'running';
}

export function dialogTitle(phase: DialogPhase): string {
  if (phase === 'finished') return t('Your video is ready');
  return phase === 'confirm' ? t('Create a video') : t('Generating video');
}

/** The line beside the finished video: saving, then where it was saved. */
export function savedLine(saving: boolean, post: Pick<PostFieldsFragment, 'isPublic'> | null): string {
  if (saving) return t('Saving to your gallery...');
  if (!post) return '';
  return post.isPublic
    ? t('Saved to your gallery and shared to the community gallery.')
    : t('Saved to your gallery (private).');
}

/** What the picture card says the video starts from. */
export function sourceLine(image: VideoSourceImage): string {
  if (image.remixPoster) return t("Starts from the original video's poster");
  return image.frame
    ? t('Starts from a frame of your video at {seconds} s', { seconds: image.frame.seconds.toFixed(1) })
    : t('Starts from your picture');
}

/** Who rewrote the prompt after Enhance ('offline': the local rewrite without an assistant key). */
export function enhancedLine(by: string): string {
  return by === 'offline'
    ? t('A quick rewrite (no assistant key is set). Edit it as you like.')
    : t('Rewritten by {by}. Edit it as you like.', { by });
}

export function shareHint(share: boolean): string {
  return share
    ? t('Anyone can watch it in the community gallery and at its own link.')
    : t('Only you will see it, in My Videos. You can share it later.');
}

/** "3 of 5 videos left this month", null for plans without a limit. */
export function allowanceLine(allowance: { limit?: number | null; remaining?: number | null }): {
  text: string;
  remaining: number;
} | null {
  if (allowance.limit === null || allowance.limit === undefined) return null;
  const remaining = allowance.remaining ?? 0;
  return {
    text: t(
      '{limit, plural, one {{remaining} of # video left this month} other {{remaining} of # videos left this month}}',
      {
        limit: allowance.limit,
        remaining,
      },
    ),
    remaining,
  };
}
