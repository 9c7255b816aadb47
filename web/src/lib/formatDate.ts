// Spec §9: dates are shown in US English as "November 22, 2026".
const LONG_DATE = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' });

export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : LONG_DATE.format(date);
}
