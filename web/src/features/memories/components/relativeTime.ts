import type { Language } from '@chorus/shared/languages';
import { t as appT, type Translate } from '../../../lib/i18n';

const formats = new Map<string, Intl.RelativeTimeFormat>();

/** English keeps the spec's US wording; another language its own. */
function relativeFormat(language: Language): Intl.RelativeTimeFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language === 'en' ? 'en-US' : language, { numeric: 'auto' });
    formats.set(language, format);
  }
  return format;
}

const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago"… for a past ISO timestamp ('' if unreadable). */
export function formatRelativeTime(
  iso: string,
  now: number = Date.now(),
  language: Language = 'en',
  t: Translate = appT,
): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  let value = (time - now) / 1000;
  if (Math.abs(value) < 45) return t('just now');
  for (const [unit, size] of STEPS) {
    if (Math.round(Math.abs(value)) < size) return relativeFormat(language).format(Math.round(value), unit);
    value /= size;
  }
  return '';
}
