import { formatBytes } from '@chorus/shared/fileLimits';

export { formatBytes };

/** A moment as staff read it: date and time in their own time zone and format. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Cents as dollars: "$12.99", "$1,100.00". */
export function formatCents(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** A duration in milliseconds, short: "850 ms", "2.4 s", "3.1 min". */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

/** How the console names each plan (the catalogue's names, with the period where two share one). */
export const PLAN_LABELS: Record<string, string> = {
  free: 'Free',
  monthly: 'Premium (monthly)',
  yearly: 'Premium (yearly)',
  max: 'Max (monthly)',
  yearlyMax: 'Max (yearly)',
};

export const FEATURE_LABELS: Record<string, string> = {
  prompts: 'Prompts',
  image_analysis: 'Image analysis',
  image_generation: 'Image generation',
  videos: 'Videos',
};

/**
 * What an allowance field holds, read back: empty is unlimited (null), else a whole number from 0.
 * Answers undefined for anything else.
 */
export function parseLimit(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,7}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= 1_000_000 ? value : undefined;
}
