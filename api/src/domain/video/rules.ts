/**
 * The video rules of spec §5 and §7, pure so the web's dialog and the server agree: duration
 * detection from the prompt, prompt clean-up, sizes, post titles and slugs.
 */

export const VIDEO_DURATIONS = ['4', '8', '12'] as const;
export type VideoDuration = (typeof VIDEO_DURATIONS)[number];

export const VIDEO_SIZES = ['1280x720', '720x1280', '1920x1080'] as const;
export type VideoSize = (typeof VIDEO_SIZES)[number];
export const DEFAULT_VIDEO_SIZE: VideoSize = '1280x720';

const RULES: { duration: VideoDuration; pattern: RegExp }[] = [
  {
    duration: '12',
    pattern: /\b12[\s-]*(?:seconds?|secs?|s)\b|\b(?:long|longer|extended)\s+(?:video|clip)\b/i,
  },
  { duration: '8', pattern: /\b8[\s-]*(?:seconds?|secs?|s)\b/i },
  { duration: '4', pattern: /\b4[\s-]*(?:seconds?|secs?|s)\b|\b(?:short|quick|brief)\s+(?:video|clip)\b/i },
];

/**
 * '12 seconds' or a long/longer/extended video or clip gives 12; '8 seconds' gives 8; '4 seconds'
 * or a short/quick/brief video or clip gives 4; otherwise 4. The matched phrase and a leading
 * @video are removed, with the commas and spaces they leave behind.
 */
export function detectDuration(raw: string): { duration: VideoDuration; prompt: string } {
  let prompt = raw.trim().replace(/^@video\b\s*/i, '');
  let duration: VideoDuration = '4';
  for (const rule of RULES) {
    if (rule.pattern.test(prompt)) {
      duration = rule.duration;
      prompt = prompt.replace(rule.pattern, ' ');
      break;
    }
  }
  prompt = prompt
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;:])(?=\s*([,.;:!?]|$))/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,;:.-]+|[\s,;:-]+$/g, '')
    .trim();
  return { duration, prompt };
}

export const POST_TITLE_LENGTH = 50;

/** The prompt cut to 50 characters plus '...' (the spec adds the dots whatever the length). */
export function postTitleOf(prompt: string): string {
  return `${prompt.trim().slice(0, POST_TITLE_LENGTH)}...`;
}

/** The lowercased title with non-alphanumerics turned into hyphens, plus a timestamp. */
export function postSlugOf(title: string, now: number = Date.now()): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'video'}-${now}`;
}

/** Seconds as shown on badges ('8' → 8). */
export function durationSeconds(duration: string | null | undefined): number | null {
  const n = Number.parseInt(duration ?? '', 10);
  return Number.isFinite(n) ? n : null;
}

/** Spec §9: the remaining time is duration × 10 s × the fraction left. */
export function remainingSeconds(durationSec: number, progress: number): number {
  return Math.max(0, Math.round(durationSec * 10 * (1 - Math.min(100, Math.max(0, progress)) / 100)));
}
