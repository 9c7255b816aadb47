/** The prices of usage/settings.ts, as read. */
export interface UsagePrices {
  perThousandTokens: number | Record<string, number> | undefined;
  perVideoSecond: number | undefined;
  currency: string;
}

export interface UsageCost {
  currency: string;
  /** Null when no price is configured: no guess is shown. */
  estimate: number | null;
  configured: boolean;
}

/**
 * An estimate of what the month cost: each assistant's tokens at its price per 1,000 and the video
 * seconds at the price per second. A price left unset counts as 0 once the other one is set.
 */
export function estimateCost(
  prices: UsagePrices,
  tokensByAssistant: readonly { assistant: string; tokens: number }[],
  videoSeconds: number,
): UsageCost {
  const { perThousandTokens, perVideoSecond, currency } = prices;
  if (perThousandTokens === undefined && perVideoSecond === undefined)
    return { currency, estimate: null, configured: false };
  const priceOf = (assistant: string) =>
    typeof perThousandTokens === 'number' ? perThousandTokens : (perThousandTokens?.[assistant] ?? 0);
  const tokens = tokensByAssistant.reduce((sum, a) => sum + (a.tokens / 1000) * priceOf(a.assistant), 0);
  const videos = videoSeconds * (perVideoSecond ?? 0);
  // Cents of cents: float sums like 0.1 + 0.2 don't show their noise.
  return { currency, estimate: Math.round((tokens + videos) * 1e6) / 1e6, configured: true };
}
