import type { PaidPlanType, PlanType } from '@chorus/shared/plans';

/**
 * What billing needs from a payment provider. Two implementations: Stripe (the real SDK) and the
 * sandbox (no keys: a local test-mode checkout). Fulfilment never trusts an event's or a browser's
 * copy of an object: it asks the gateway for the current one, so both speak these shapes.
 */
export interface GatewaySubscription {
  id: string;
  customerId: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  /** The plan its price stands for (null when no plan matches). */
  planType: PlanType | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The user it was bought for (metadata written at checkout). */
  userId: string | null;
}

export interface GatewayCheckoutSession {
  id: string;
  url: string | null;
  /** open, complete or expired. */
  status: string;
  /** paid, unpaid or no_payment_required. */
  paymentStatus: string;
  customerId: string | null;
  /** Who started it (client_reference_id). */
  userId: string | null;
  subscriptionId: string | null;
}

export interface CheckoutRequest {
  userId: string;
  customerId: string;
  planType: PaidPlanType;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentGateway {
  readonly mode: 'stripe' | 'sandbox';
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  createCheckoutSession(input: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<GatewayCheckoutSession | null>;
  retrieveSubscription(id: string): Promise<GatewaySubscription | null>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<string>;
  /** Ends a subscription now (the account is being deleted); an unknown or ended one is no error. */
  cancelSubscription(id: string): Promise<void>;
}

/**
 * The parts of a Stripe event billing reads. Real webhook events and the sandbox's events have
 * this shape, and both go through the same `processEvent`.
 */
export interface BillingEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: Record<string, unknown> & { id?: string } };
}

/** Checks a webhook's signature and reads its event (Stripe's `webhooks.constructEvent`). */
export type WebhookVerifier = (rawBody: Buffer, signature: string, secret: string) => BillingEvent;

/** A sandbox checkout session as its test-mode page shows it. */
export interface SandboxSession {
  id: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid';
  customerId: string;
  userId: string;
  planType: PaidPlanType;
  successUrl: string;
  cancelUrl: string;
  subscriptionId: string | null;
}

/** What the sandbox billing portal's buttons do to a subscription. */
export type SandboxSubscriptionChange = 'cancel_at_period_end' | 'resume' | 'cancel_now';

/**
 * The sandbox gateway's own buttons (providers/sandboxGateway.ts), used when no Stripe keys are set:
 * each answers the events Stripe would send, for the core to run through the same fulfilment.
 */
export interface SandboxPayments {
  /** The session, to its own user only; null for anyone else or an unknown id. */
  sessionForPage(id: string, userId: string): Promise<SandboxSession | null>;
  /** The Pay button; null when the session is not this user's. */
  pay(sessionId: string, userId: string): Promise<{ events: BillingEvent[]; redirect: string } | null>;
  /** The Cancel button: where to go back to; null when the session is not this user's. */
  cancel(sessionId: string, userId: string): Promise<string | null>;
  changeSubscription(customerId: string, action: SandboxSubscriptionChange): Promise<BillingEvent[]>;
}
