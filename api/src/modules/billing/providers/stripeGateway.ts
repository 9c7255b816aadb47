import { PAID_PLAN_TYPES, type PaidPlanType, PLANS, type PlanType } from '@chorus/shared/plans';
import Stripe from 'stripe';
import type { GatewayCheckoutSession, GatewaySubscription, PaymentGateway } from '../core/gateway.ts';

export interface StripeSettings {
  secretKey: string;
  /** Stripe price id per paid plan, when configured. */
  priceIds: Partial<Record<PaidPlanType, string>>;
  /** Another API origin (stripe-mock, a test double). */
  apiUrl?: string;
}

export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const origin = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(origin
      ? {
          host: origin.hostname,
          port: origin.port || (origin.protocol === 'http:' ? 80 : 443),
          protocol: origin.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** Stripe Checkout, Billing Portal and subscriptions through the official SDK. */
export class StripeGateway implements PaymentGateway {
  readonly mode = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = createStripeClient(settings.secretKey, settings.apiUrl);
  }

  async createCustomer({ userId, email, name }: { userId: string; email: string; name: string }) {
    // The idempotency key makes a retried request (or a racing one) return the same customer.
    const customer = await this.stripe.customers.create(
      { email, name, metadata: { userId } },
      { idempotencyKey: `chorus-customer-${userId}` },
    );
    return customer.id;
  }

  async createCheckoutSession({ userId, customerId, planType, successUrl, cancelUrl }: CheckoutInput) {
    const plan = PLANS[planType];
    const priceId = this.settings.priceIds[planType];
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: userId,
      line_items: [
        priceId
          ? { price: priceId, quantity: 1 }
          : {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: plan.amountCents,
                recurring: { interval: plan.period ?? 'month' },
                product_data: {
                  name: `Chorus ${plan.name} (${plan.period === 'year' ? 'yearly' : 'monthly'})`,
                },
              },
            },
      ],
      metadata: { userId, planType },
      subscription_data: { metadata: { userId, planType } },
      success_url: successUrl,
      cancel_url: cancelUrl,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(id: string): Promise<GatewayCheckoutSession | null> {
    try {
      const s = await this.stripe.checkout.sessions.retrieve(id);
      return {
        id: s.id,
        url: s.url ?? null,
        status: s.status ?? 'open',
        paymentStatus: s.payment_status,
        customerId: idOf(s.customer),
        userId: s.client_reference_id ?? s.metadata?.userId ?? null,
        subscriptionId: idOf(s.subscription),
      };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      throw err;
    }
  }

  async cancelSubscription(id: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(id);
    } catch (err) {
      // Already gone, or already canceled: nothing left to charge.
      if (
        err instanceof Stripe.errors.StripeInvalidRequestError &&
        (err.statusCode === 404 || err.statusCode === 400)
      )
        return;
      throw err;
    }
  }

  async retrieveSubscription(id: string): Promise<GatewaySubscription | null> {
    let sub: Stripe.Subscription;
    try {
      sub = await this.stripe.subscriptions.retrieve(id);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      throw err;
    }
    const item = sub.items?.data?.[0];
    // Since API 2025-03-31 the period lives on the item; older versions kept it on the subscription.
    const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
    return {
      id: sub.id,
      customerId: idOf(sub.customer) ?? '',
      status: sub.status,
      planType: this.planOf(item?.price, sub.metadata),
      currentPeriodStart: fromUnix(item?.current_period_start ?? legacy.current_period_start),
      currentPeriodEnd: fromUnix(item?.current_period_end ?? legacy.current_period_end),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end || sub.cancel_at),
      userId: sub.metadata?.userId ?? null,
    };
  }

  async createPortalSession({ customerId, returnUrl }: { customerId: string; returnUrl: string }) {
    const portal = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return portal.url;
  }

  /**
   * Which plan a price stands for: a configured price id first; then an inline price by its amount
   * and interval (a plan changed in the portal keeps stale metadata, its price does not lie); the
   * checkout's metadata last.
   */
  private planOf(
    price: Stripe.Price | undefined,
    metadata: Stripe.Metadata | null | undefined,
  ): PlanType | null {
    if (price) {
      for (const [plan, id] of Object.entries(this.settings.priceIds))
        if (id === price.id) return plan as PlanType;
      const byAmount = PAID_PLAN_TYPES.find(
        (t) => PLANS[t].amountCents === price.unit_amount && PLANS[t].period === price.recurring?.interval,
      );
      if (byAmount) return byAmount;
    }
    const fromMeta = metadata?.planType;
    return fromMeta && (PAID_PLAN_TYPES as string[]).includes(fromMeta) ? (fromMeta as PlanType) : null;
  }
}

type CheckoutInput = Parameters<PaymentGateway['createCheckoutSession']>[0];
