// Spec §9: dates are shown in US English as "November 22, 2026".
const LONG_DATE = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' });
const LONG_DATE_UTC = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * In the visitor's time zone; `inUtc` for HTML drawn on the server, which can't know it (the page
 * switches to local time once hydrated: hooks/useHydrated.ts).
 */
export function formatLongDate(iso: string, inUtc = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (inUtc ? LONG_DATE_UTC : LONG_DATE).format(date);
}

/** A count in the visitor's number format; US English in HTML drawn on the server (see above). */
export function formatCount(count: number, serverDrawn = false): string {
  return count.toLocaleString(serverDrawn ? 'en-US' : undefined);
}
