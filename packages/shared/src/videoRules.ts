/**
 * The video rules of spec §5 and §7, pure so the web's dialog and the server agree: duration
 * detection from the prompt, prompt clean-up, sizes, post titles and slugs.
 */

/** The spec's lengths (what the preview renderer and the OpenAI Videos protocol make). */
export const VIDEO_DURATIONS = ['4', '8', '12'] as const;
/** Whole seconds as a string ('4', '5', '8', '10'…): each model declares the lengths it makes. */
export type VideoDuration = string;
/** The longest clip any provider is asked for. */
export const MAX_VIDEO_SECONDS = 60;

export const VIDEO_SIZES = ['1280x720', '720x1280', '1920x1080', '1080x1920'] as const;
export type VideoSize = (typeof VIDEO_SIZES)[number];
export const DEFAULT_VIDEO_SIZE: VideoSize = '1280x720';

/** A length in words: "4 seconds", "8-second", "12s" (bare "s" only for 4, 8, 12), "1 minute". */
const NUMERIC = /\b(\d{1,3}(?:\.\d+)?)[\s-]*(seconds?|secs?|minutes?|mins?)\b|\b(4|8|12)[\s-]*s\b/i;
const NUMERIC_SRC =
  '(?:\\d{1,3}(?:\\.\\d+)?[\\s-]*(?:seconds?|secs?|minutes?|mins?)|(?:4|8|12)[\\s-]*s)\\b(?:[\\s-]+long\\b)?';
const DESCRIBED_SRC = '(?:short|quick|brief|long|longer|extended)[\\s-]+(?:video|clip)s?\\b';
const NOUN_SRC = '(?:video|clip|film|movie|animation)s?\\b';
/** A duration phrase as a whole: "a 4-second video", "a short clip", "4 seconds long", "12s". */
const PHRASE_SRC = `(?:\\b(?:a|an|one)\\s+)?(?:${NUMERIC_SRC}(?:[\\s-]+${NOUN_SRC})?|${DESCRIBED_SRC})`;
/**
 * Every duration phrase with the words that hang on it: "a short clip of" before the subject,
 * "in 12 seconds" / ", 4 seconds long" after it. What is left reads as a prompt.
 */
const LEADING_PHRASE = new RegExp(
  `${PHRASE_SRC}(?:\\s+(?:of|about|showing|featuring|where|in which|that shows)\\b|\\s*:)`,
  'gi',
);
const OTHER_PHRASE = new RegExp(
  `(?:\\b(?:in|for|lasting|over|within|of|as|at|around|about)\\s+)?${PHRASE_SRC}`,
  'gi',
);
const DESCRIBED = /\b(short|quick|brief|long|longer|extended)[\s-]+(?:video|clip)s?\b/i;

export interface DetectedDuration {
  /** The length that will be made. */
  duration: VideoDuration;
  /** The prompt without its duration phrases and a leading @video. */
  prompt: string;
  /** The phrase the length was read from ('8 seconds', 'short clip'); null when none (the default). */
  phrase: string | null;
  /** Seconds the prompt asked for when the service can't make that length (20 → 12 is made); else null. */
  requestedSeconds: number | null;
}

/** The available length nearest to `seconds` (the shorter one on a tie). */
function nearest(seconds: number, durations: readonly VideoDuration[]): VideoDuration {
  const sorted = [...durations].sort((a, b) => Number(a) - Number(b));
  let best = sorted[0] ?? '4';
  for (const d of sorted) if (Math.abs(Number(d) - seconds) < Math.abs(Number(best) - seconds)) best = d;
  return best;
}

/**
 * Spec §5: '12 seconds' or a long/longer/extended video or clip gives 12; '8 seconds' gives 8;
 * '4 seconds' or a short/quick/brief video or clip gives 4; otherwise 4 (in that order when a
 * prompt has several). Any other length ("20 seconds") is read too: the nearest length the service
 * makes is used, and `requestedSeconds` says it was asked for. Every duration phrase is removed,
 * with the words hanging on it ("a short clip of", "in 12 seconds"), and a leading @video.
 */
export function detectDuration(
  raw: string,
  durations: readonly VideoDuration[] = VIDEO_DURATIONS,
): DetectedDuration {
  const text = raw.trim().replace(/^@video\b\s*/i, '');
  const asked: { seconds: number; phrase: string }[] = [];
  for (const match of text.matchAll(new RegExp(NUMERIC.source, 'gi'))) {
    const value = Number(match[1] ?? match[3]);
    const minutes = /^m/i.test(match[2] ?? '');
    asked.push({ seconds: minutes ? value * 60 : value, phrase: match[0] });
  }
  const described = DESCRIBED.exec(text);
  if (described) {
    const word = described[1]!.toLowerCase();
    asked.push({ seconds: ['short', 'quick', 'brief'].includes(word) ? 4 : 12, phrase: described[0] });
  }
  // The spec's order: a 12 s phrase wins over an 8 s one, which wins over a 4 s one.
  const spec = [12, 8, 4].map((n) => asked.find((a) => a.seconds === n)).find((a) => a !== undefined);
  const chosen = spec ?? asked[0] ?? null;
  let duration: VideoDuration = durations.includes('4') ? '4' : nearest(4, durations);
  let requestedSeconds: number | null = null;
  if (chosen) {
    const exact = durations.find((d) => Number(d) === chosen.seconds);
    duration = exact ?? nearest(chosen.seconds, durations);
    if (!exact) requestedSeconds = chosen.seconds;
  }

  const prompt = text
    .replace(LEADING_PHRASE, ' ')
    .replace(OTHER_PHRASE, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;:])(?=\s*([,.;:!?]|$))/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,;:.-]+|[\s,;:-]+$/g, '')
    .trim();
  return { duration, prompt, phrase: chosen?.phrase ?? null, requestedSeconds };
}

export const POST_TITLE_LENGTH = 50;

/** The prompt, cut to 50 characters plus '...' when it is longer (dots on an uncut title read as a cut). */
export function postTitleOf(prompt: string): string {
  const whole = prompt.trim();
  if (whole.length <= POST_TITLE_LENGTH) return whole;
  return `${whole.slice(0, POST_TITLE_LENGTH).replace(/[\s,;:.-]+$/, '')}...`;
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

/**
 * The time left: the provider's render time for this length (measured from its recent videos, or
 * its declared typical time) × the fraction left; without one, spec §9's duration × 10 s.
 */
export function estimatedRemainingSeconds({
  seconds,
  progress,
  renderSeconds,
}: {
  seconds: number;
  progress: number;
  renderSeconds: number | null | undefined;
}): number {
  if (!renderSeconds || renderSeconds <= 0) return remainingSeconds(seconds, progress);
  const left = 1 - Math.min(100, Math.max(0, progress)) / 100;
  return Math.max(0, Math.round(renderSeconds * left));
}

/** Spec §9: the remaining time is duration × 10 s × the fraction left. */
export function remainingSeconds(durationSec: number, progress: number): number {
  return Math.max(0, Math.round(durationSec * 10 * (1 - Math.min(100, Math.max(0, progress)) / 100)));
}

/** '16:9' for 1280x720, '9:16' for 720x1280. */
export function aspectRatioOf(size: string): string {
  const [w = 16, h = 9] = size.split('x').map(Number);
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const d = gcd(w, h) || 1;
  return `${w / d}:${h / d}`;
}

/** 720 for 1280x720 and for 720x1280: the short side, which video services call the resolution ("720p"). */
export function shortSideOf(size: string): number {
  const [w = 1280, h = 720] = size.split('x').map(Number);
  return Math.min(w, h);
}

/**
 * What the dialog says when the length asked for isn't one the model makes: "8 s: the longest this
 * model makes", "5 s: the shortest this model makes", "10 s: the nearest this model makes"; null
 * when the prompt asked for a length it makes (or none).
 */
export function durationNote(
  detected: Pick<DetectedDuration, 'duration' | 'requestedSeconds'>,
  durations: readonly VideoDuration[],
): string | null {
  if (detected.requestedSeconds === null) return null;
  const lengths = durations.map(Number);
  const made = Number(detected.duration);
  if (detected.requestedSeconds > made && made === Math.max(...lengths)) {
    return `${made} s: the longest this model makes`;
  }
  if (detected.requestedSeconds < made && made === Math.min(...lengths)) {
    return `${made} s: the shortest this model makes`;
  }
  return `${made} s: the nearest this model makes`;
}
