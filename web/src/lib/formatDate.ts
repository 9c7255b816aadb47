import type { Language } from '@chorus/shared/languages';
import { currentLanguage } from './i18n';

// Spec §9: dates are shown in US English as "November 22, 2026" (another language: its own long date).
// Each format is made on its first use: making one loads the locale's data, which cost a phone a
// long task when the module was evaluated with the page's first JavaScript.
const formats = new Map<string, Intl.DateTimeFormat>();

function longDateFormat(language: Language, inUtc: boolean): Intl.DateTimeFormat {
  const locale = language === 'en' ? 'en-US' : language;
  const key = `${locale}${inUtc ? ':utc' : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      ...(inUtc ? { timeZone: 'UTC' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * In the visitor's time zone; `inUtc` for HTML drawn on the server, which can't know it (the page
 * switches to local time once hydrated: hooks/useHydrated.ts). `language`: the page's (useLanguage()), by default the app's.
 */
export function formatLongDate(iso: string, inUtc = false, language: Language = currentLanguage()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return longDateFormat(language, inUtc).format(date);
}

/**
 * A count in the visitor's number format; US English in HTML drawn on the server (see above). A page
 * in another language writes it in that language's format.
 */
export function formatCount(
  count: number,
  serverDrawn = false,
  language: Language = currentLanguage(),
): string {
  if (language !== 'en') return count.toLocaleString(language);
  return count.toLocaleString(serverDrawn ? 'en-US' : undefined);
}
