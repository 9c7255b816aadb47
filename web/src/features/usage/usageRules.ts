import type { Language } from '@chorus/shared/languages';

/**
 * Pure helpers of the Usage page (pages/UsagePage.tsx): months, and how numbers read, in the page's
 * language (US English by default, as the spec shows them).
 */

const localeOf = (language: Language) => (language === 'en' ? 'en-US' : language);

/** The current month, YYYY-MM, in UTC as the api counts it (api/src/modules/usage/core/month.ts). */
export const currentMonth = (now: Date = new Date()) => now.toISOString().slice(0, 7);

/** Whether `month` is a month the api answers for: YYYY-MM from 2020-01, not after this one. */
export function isUsageMonth(month: string | null | undefined, now: Date = new Date()): month is string {
  return (
    typeof month === 'string' &&
    /^\d{4}-(0[1-9]|1[0-2])$/.test(month) &&
    month >= '2020-01' &&
    month <= currentMonth(now)
  );
}

/** The month `by` months after `month` (before it when negative). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1 + by, 1)).toISOString().slice(0, 7);
}

/** "November 2026". */
export function monthLabel(month: string, language: Language = 'en'): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString(localeOf(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "Nov 3" for a YYYY-MM-DD day. */
export function dayLabel(date: string, language: Language = 'en'): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(localeOf(language), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const numberFormats = new Map<Language, Intl.NumberFormat>();
export function formatNumber(n: number, language: Language = 'en'): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language));
    numberFormats.set(language, format);
  }
  return format.format(n);
}

/** A figure inside a unit ("1.5 KB", "8 s"): as written in English, else in the language's format. */
const figure = (value: number, language: Language) =>
  language === 'en' ? String(value) : formatNumber(value, language);

/** 1,536 → "1.5 KB" (1024-based, as My Files shows sizes). */
export function formatBytes(bytes: number, language: Language = 'en'): string {
  if (bytes < 1024) return `${figure(bytes, language)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${figure(value >= 10 ? Math.round(value) : Math.round(value * 10) / 10, language)} ${units[unit]}`;
}

/** 75 → "1 min 15 s"; 8 → "8 s". */
export function formatSeconds(seconds: number, language: Language = 'en'): string {
  const s = Math.round(seconds * 10) / 10;
  const n = (value: number) => figure(value, language);
  if (s < 60) return `${n(s)} s`;
  const min = Math.floor(s / 60);
  const rest = Math.round(s - min * 60);
  return rest ? `${n(min)} min ${n(rest)} s` : `${n(min)} min`;
}

/** An estimate in its currency, with cents (more digits under a cent so small sums don't read as 0). */
export function formatCost(amount: number, currency: string, language: Language = 'en'): string {
  const digits = amount > 0 && amount < 0.01 ? 4 : 2;
  try {
    return new Intl.NumberFormat(localeOf(language), {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${amount.toFixed(digits)} ${currency}`;
  }
}

export interface UsageDayLike {
  prompts: number;
  tokens: number;
  videoSeconds: number;
}

/** Nothing used that month (storage is not the month's: it doesn't count). */
export function isEmptyMonth(u: {
  prompts: { used: number };
  tokens: { total: number };
  videos: { count: number };
  days: readonly UsageDayLike[];
}) {
  return (
    u.prompts.used === 0 &&
    u.tokens.total === 0 &&
    u.videos.count === 0 &&
    u.days.every((d) => d.prompts === 0 && d.tokens === 0 && d.videoSeconds === 0)
  );
}

/** A bar's height in percent of the tallest (a day with some use shows at least a sliver). */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(2, Math.round((value / max) * 100));
}
