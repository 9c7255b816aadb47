import { readSettings } from '../../../platform/config.ts';
import { usageSettings } from '../settings.ts';
import type { UsagePrices } from './cost.ts';

/** The prices the settings configure (usage/settings.ts). */
export function pricesFrom(config: object): UsagePrices {
  const s = readSettings(usageSettings, config);
  return {
    perThousandTokens: s.USAGE_PRICE_PER_1K_TOKENS,
    perVideoSecond: s.USAGE_PRICE_PER_VIDEO_SECOND,
    currency: s.USAGE_PRICE_CURRENCY,
  };
}
