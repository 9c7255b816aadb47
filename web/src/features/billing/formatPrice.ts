import type { Language } from '@chorus/shared/languages';
import { formatUsd } from '@chorus/shared/plans';

const formats = new Map<Language, Intl.NumberFormat>();

/**
 * A price in US dollars as the page's language writes it. English keeps the spec's exact format
 * (formatUsd: "$20", "$7.99"); another language uses its own ("20,00 $US", "US$20.00").
 */
export function formatPrice(cents: number, language: Language): string {
  if (language === 'en') return formatUsd(cents);
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
    formats.set(language, format);
  }
  return format.format(cents / 100);
}
