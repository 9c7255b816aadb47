import type { Language } from '@chorus/shared/languages';

// Its own module: the public pages' dates (formatDate.ts) don't carry the chat list's formats.

// Chats in the sidebar show their creation date as 'MMM d', e.g. "Nov 22"; one from another year
// (an imported chat) says which: "Mar 1, 2024". Another language: its own short date.
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const SHORT_DATE_WITH_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const otherFormats = new Map<string, Intl.DateTimeFormat>();

function shortDateFormat(language: Language, withYear: boolean): Intl.DateTimeFormat {
  if (language === 'en') return withYear ? SHORT_DATE_WITH_YEAR : SHORT_DATE;
  const key = `${language}${withYear ? ':year' : ''}`;
  let format = otherFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      month: 'short',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
    });
    otherFormats.set(key, format);
  }
  return format;
}

/**
 * 'MMM d' in the visitor's time zone, with the year when it is not the current one (`now`'s);
 * `language`: the page's (useLanguage()); a plain module (api/test/webDates.test.ts imports it).
 */
export function formatShortDate(iso: string, now: Date = new Date(), language: Language = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return shortDateFormat(language, date.getFullYear() !== now.getFullYear()).format(date);
}
