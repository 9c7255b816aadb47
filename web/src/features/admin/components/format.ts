import { formatBytes as formatBytesInEnglish } from '@chorus/shared/fileLimits';
import type { Language } from '@chorus/shared/languages';
import { currentLanguage, msg, type Translate } from '../../../lib/i18n';

/*
 * How the console writes moments, money, sizes and durations: in English as the console always has
 * ("$12.99", "2.4 s"), in another language in its own number and date formats (Intl). The language is
 * the app's (currentLanguage()) unless given.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A figure with its unit ("2.4 s"): as written in English, else in the language's number format. */
function withUnit(value: number, digits: number, unit: string, language: Language): string {
  const figure =
    language === 'en'
      ? value.toFixed(digits)
      : numberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
          value,
        );
  return `${figure} ${unit}`;
}

/** "340 KB", "1.5 MB" (shared/fileLimits.ts), the figure in the language's number format. */
export function formatBytes(bytes: number, language: Language = currentLanguage()): string {
  const text = formatBytesInEnglish(bytes);
  if (language === 'en') return text;
  const [figure = '', unit = ''] = text.split(' ');
  return `${numberFormat(language).format(Number(figure))} ${unit}`;
}

/**
 * A moment as staff read it: date and time in their own time zone, in their own format (English) or
 * the language's.
 */
export function formatDateTime(
  iso: string | null | undefined,
  language: Language = currentLanguage(),
): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(language === 'en' ? undefined : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** Cents as dollars: "$12.99", "$1,100.00" (in another language, its way of writing dollars). */
export function formatCents(cents: number, language: Language = currentLanguage()): string {
  return numberFormat(language === 'en' ? 'en-US' : language, { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  );
}

/** A share as a whole percentage: "12%" (in another language, its way: "12 %"). */
export function formatPercent(ratio: number, language: Language = currentLanguage()): string {
  return numberFormat(language === 'en' ? 'en-US' : language, {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(ratio);
}

/** A duration in milliseconds, short: "850 ms", "2.4 s", "3.1 min". */
export function formatMs(ms: number | null | undefined, language: Language = currentLanguage()): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return withUnit(ms, 0, 'ms', language);
  if (ms < 60_000) return withUnit(ms / 1000, 1, 's', language);
  return withUnit(ms / 60_000, 1, 'min', language);
}

/** How the console names each plan (the catalogue's names, with the period where two share one). */
const PLAN_LABELS: Record<string, string> = {
  free: msg('Free'),
  monthly: msg('Premium (monthly)'),
  yearly: msg('Premium (yearly)'),
  max: msg('Max (monthly)'),
  yearlyMax: msg('Max (yearly)'),
};

const FEATURE_LABELS: Record<string, string> = {
  prompts: msg('Prompts'),
  image_analysis: msg('Image analysis'),
  image_generation: msg('Image generation'),
  videos: msg('Videos'),
};

/** A plan's name in the page's language; a plan the console doesn't know keeps its id. */
export const planLabel = (plan: string, t: Translate): string => {
  const label = PLAN_LABELS[plan];
  return label ? t(label) : plan;
};

/** A feature with a monthly allowance, named in the page's language (else its id). */
export const featureLabel = (feature: string, t: Translate): string => {
  const label = FEATURE_LABELS[feature];
  return label ? t(label) : feature;
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
