import type { UsageDay } from './usage.ts';

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The month's days as CSV (RFC 4180: CRLF line ends, a header row). */
export function usageCsv(days: readonly UsageDay[]): string {
  const rows = [
    ['date', 'prompts', 'tokens', 'video_seconds'],
    ...days.map((d) => [d.date, d.prompts, d.tokens, d.videoSeconds]),
  ];
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
