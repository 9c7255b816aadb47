import { useHydrated } from '../hooks/useHydrated';
import { formatCount, formatLongDate } from '../lib/formatDate';
import { useLanguage } from '../lib/i18n';

/*
 * Counts and dates depend on where they are drawn (the visitor's number format and time zone): HTML
 * drawn on the server shows them in US English (or the page's language) and UTC, and these switch to the visitor's own once
 * the page has hydrated. They are leaves on purpose: that switch re-renders them alone, not the page.
 */

/** A count in the visitor's number format, e.g. "1,234". */
export function LocalCount({ value }: { value: number }) {
  const language = useLanguage();
  return <>{formatCount(value, !useHydrated(), language)}</>;
}

/** A date as spec §9 writes it ("November 22, 2026"), in the visitor's time zone. */
export function LocalLongDate({ iso }: { iso: string }) {
  const language = useLanguage();
  return <>{formatLongDate(iso, !useHydrated(), language)}</>;
}
