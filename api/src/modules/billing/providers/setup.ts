import type { PaidPlanType } from '@chorus/shared/plans';
import type { MikroORM } from '@mikro-orm/postgresql';
import { type Config, readSettings } from '../../../platform/config.ts';
import type { BillingEvent, WebhookVerifier } from '../core/gateway.ts';
import { BillingService } from '../core/service.ts';
import { billingSettings } from '../settings.ts';
import { SandboxGateway } from './sandboxGateway.ts';
import { createStripeClient, StripeGateway } from './stripeGateway.ts';

/** Stripe when a secret key is configured, otherwise the built-in sandbox checkout. */
export function createBilling(orm: MikroORM, platform: Config): BillingService {
  const config = readSettings(billingSettings, platform);
  // Signature checks need no network: any client's webhook helper will do.
  const { webhooks } = createStripeClient(config.STRIPE_SECRET_KEY ?? 'sk_test_signature_only');
  const verifyWebhook: WebhookVerifier = (rawBody, signature, secret) =>
    webhooks.constructEvent(rawBody, signature, secret) as unknown as BillingEvent;
  const settings = {
    publicUrl: platform.publicUrl,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  };
  if (!config.STRIPE_SECRET_KEY) {
    const sandbox = new SandboxGateway(orm);
    return new BillingService(orm, sandbox, settings, sandbox, verifyWebhook);
  }
  const priceIds: Partial<Record<PaidPlanType, string>> = {
    monthly: config.STRIPE_PRICE_MONTHLY,
    yearly: config.STRIPE_PRICE_YEARLY,
    max: config.STRIPE_PRICE_MAX,
    yearlyMax: config.STRIPE_PRICE_YEARLY_MAX,
  };
  const gateway = new StripeGateway({
    secretKey: config.STRIPE_SECRET_KEY,
    priceIds: Object.fromEntries(Object.entries(priceIds).filter(([, id]) => id)),
    apiUrl: config.STRIPE_API_URL,
  });
  return new BillingService(orm, gateway, settings, null, verifyWebhook);
}
