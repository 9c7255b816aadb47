const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

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
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  let value = (time - now) / 1000;
  if (Math.abs(value) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.round(Math.abs(value)) < size) return RELATIVE.format(Math.round(value), unit);
    value /= size;
  }
  return '';
}
