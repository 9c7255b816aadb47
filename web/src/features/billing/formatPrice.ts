import type { Language } from '@chorus/shared/languages';
import { formatUsd } from '@chorus/shared/plans';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A price in US dollars as the page's language writes it. English keeps the spec's exact format
 * (formatUsd: "$20", "$7.99"); another language uses its own ("20 $US", "7,99 $").
 */
export function formatPrice(cents: number, language: Language): string {
  if (language === 'en') return formatUsd(cents);
  // Whole dollars without cents, as the English prices are written ("20 $", not "20,00 $").
  const whole = cents % 100 === 0;
  const key = `${language}${whole ? ':whole' : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'USD',
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    formats.set(key, format);
  }
  return format.format(cents / 100);
}
