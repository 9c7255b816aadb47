import { z } from 'zod';

/** A price: a number from 0, written as text in the environment. */
const price = z.coerce.number().finite().min(0);

/**
 * The usage module's settings (module.ts `settings`; .env.example documents each). Unset prices make
 * the Usage page say "Prices not configured" instead of guessing a cost.
 */
export const usageSettings = {
  /**
   * What 1,000 tokens of answers cost: one number for every assistant, or a JSON map of assistant id
   * to price (`{"gpt":0.002,"claude":0.003}`; an assistant left out costs nothing).
   */
  USAGE_PRICE_PER_1K_TOKENS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const single = price.safeParse(v.trim());
      if (/^[\d.]+$/.test(v.trim()) && single.success) return single.data;
      try {
        const map = z.record(z.string().min(1).max(32), z.number().finite().min(0)).parse(JSON.parse(v));
        return map;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message:
            'USAGE_PRICE_PER_1K_TOKENS must be a number from 0 or a JSON map of assistant id to such a number',
        });
        return z.NEVER;
      }
    }),
  /** What one second of a finished video costs. */
  USAGE_PRICE_PER_VIDEO_SECOND: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const parsed = price.safeParse(v.trim());
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'USAGE_PRICE_PER_VIDEO_SECOND must be a number from 0' });
      return z.NEVER;
    }),
  /** The currency the prices above are in (a code shown beside the estimate). */
  USAGE_PRICE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'USAGE_PRICE_CURRENCY must be a three-letter currency code, e.g. USD')
    .default('USD'),
};
