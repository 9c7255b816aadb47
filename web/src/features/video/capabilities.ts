import type { Language } from '@chorus/shared/languages';
import { apiGet } from '../../lib/api';
import type { Translate } from '../../lib/i18n';

/** What the configured video service makes (GET /api/videos/capabilities; GraphQL `videoOptions`). */
export interface VideoCapabilities {
  provider: string;
  preview: boolean;
  /** Lengths in seconds: '4', '8', '12'. */
  durations: string[];
  sizes: string[];
  /** The height of the largest size: 720, 1080. */
  maxHeight: number;
  renderEstimates: { duration: string; seconds: number; measured: boolean }[];
}

/** The `useApiQuery` key, shared with a server render that supplies the data. */
export const videoCapabilitiesKey = '/api/videos/capabilities';

export const fetchVideoCapabilities = (signal?: AbortSignal) =>
  apiGet<VideoCapabilities>(videoCapabilitiesKey, undefined, signal);

/** "4, 8 or 12" (another language: its own list, e.g. "4, 8 oder 12"). */
export function listOf(
  items: readonly string[],
  last: 'or' | 'and' = 'or',
  language: Language = 'en',
): string {
  if (language !== 'en' && items.length >= 2)
    return new Intl.ListFormat(language, { type: last === 'or' ? 'disjunction' : 'conjunction' }).format(
      items,
    );
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

/**
 * The generator page's length and size promises, from the provider's declared capabilities (the
 * copy used to promise 4 to 25 s and 1080p whatever the service could do). Before they have
 * arrived the copy names no numbers.
 */
export function capabilityCopy(caps: VideoCapabilities | undefined, t: Translate, language: Language) {
  if (!caps || caps.durations.length === 0 || caps.sizes.length === 0) {
    return {
      durationText: t('Set the length in your prompt: say “8 seconds” or “a short clip”.'),
      sizeTitle: t('Sized for your screen'),
      sizeText: t('Landscape or portrait output, sized for where you will show it.'),
    };
  }
  const sizes = caps.sizes.map((size) => size.replace('x', '×'));
  return {
    durationText: t(
      'Choose {durations} second clips: say “{example} seconds” or “a short clip” in your prompt.',
      {
        durations: listOf(caps.durations, 'or', language),
        example: caps.durations[1] ?? caps.durations[0],
      },
    ),
    sizeTitle: t('Up to {height}p', { height: caps.maxHeight }),
    sizeText: t('Output at {sizes}, landscape or portrait.', { sizes: listOf(sizes, 'and', language) }),
  };
}
