import { z } from 'zod';

/**
 * The billing module's settings, declared in its module.ts (`settings`): api/src/config.ts validates them with
 * everyone's at start-up, and the module reads them typed with readSettings (platform/config.ts).
 * `.env.example` documents each.
 */
export const billingSettings = {
  /** Stripe: without a secret key, payments run through the built-in sandbox checkout (test mode). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Signing secret of the webhook endpoint (POST /api/stripe/webhook). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe price ids per plan; without one, Checkout uses inline price data with the plan's amount. */
  STRIPE_PRICE_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_YEARLY: z.string().min(1).optional(),
  STRIPE_PRICE_MAX: z.string().min(1).optional(),
  STRIPE_PRICE_YEARLY_MAX: z.string().min(1).optional(),
  /** Another Stripe API origin (a stripe-mock or a test double), e.g. http://localhost:12111. */
  STRIPE_API_URL: z.string().url().optional(),
};
