import { isPaid, type PlanType, paidPlanFrom } from '@chorus/shared/plans';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, badInput, notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { currentPlan } from './currentPlan.ts';
import { BillingFulfilment, lockSubscriptionRow, subscriptionRowOf } from './fulfilment.ts';
import type { BillingEvent, PaymentGateway, SandboxPayments, WebhookVerifier } from './gateway.ts';
import { SandboxCheckout } from './sandboxCheckout.ts';

/** What the spec's client reads from GET /api/user/subscription (planType free when none). */
export interface SubscriptionView {
  planType: PlanType;
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** True when the user has a Stripe customer, so Manage billing (the portal) can open. */
  hasBillingAccount: boolean;
}

export interface CheckoutResult {
  sessionId: string | null;
  url: string;
  /** True when the user already pays and is sent to the billing portal instead. */
  portal: boolean;
}

export interface ReturnResult {
  success: boolean;
  subscription: SubscriptionView;
  message: string;
}

export interface BillingSettings {
  /** Origin for Stripe's return URLs (the sandbox returns to paths on the same origin). */
  publicUrl: string;
  publishableKey?: string;
  webhookSecret?: string;
}

const checkoutInput = z.object({
  planType: z.string({ error: msg('Choose a plan') }).transform((value, ctx) => {
    const plan = paidPlanFrom(value);
    if (!plan) {
      ctx.addIssue({ code: 'custom', message: msg('Choose Premium or Max to check out') });
      return z.NEVER;
    }
    return plan;
  }),
  /** Where the checkout started: its cancel URL goes back there (spec §2, §4). */
  from: z.enum(['register', 'plans']).default('plans'),
});

const sessionIdInput = z.string().trim().min(1, msg('Missing session id')).max(255);

/**
 * Plans and payments: checkout, the return from checkout, the billing portal and Stripe's signed
 * webhooks. What an event does to a subscription is fulfilment.ts; the sandbox checkout used without
 * Stripe keys is sandboxCheckout.ts, driving the same fulfilment.
 */
export class BillingService {
  private readonly fulfilment: BillingFulfilment;
  /** Set when the gateway is the sandbox (no Stripe keys). */
  readonly sandbox: SandboxCheckout | null;

  constructor(
    orm: MikroORM,
    readonly gateway: PaymentGateway,
    private readonly settings: BillingSettings,
    sandboxGateway: SandboxPayments | null,
    private readonly verifyWebhook: WebhookVerifier,
  ) {
    this.fulfilment = new BillingFulfilment(orm, gateway);
    this.sandbox = sandboxGateway && new SandboxCheckout(sandboxGateway, this.fulfilment);
  }

  /** GET /api/stripe/config: the publishable key, and whether checkout is Stripe or the sandbox. */
  config(): { publishableKey: string | null; mode: 'stripe' | 'sandbox' } {
    return { publishableKey: this.settings.publishableKey ?? null, mode: this.gateway.mode };
  }

  async subscriptionOf(em: EntityManager, userId: string): Promise<SubscriptionView> {
    const row = await subscriptionRowOf(em, userId);
    const planType = await currentPlan(em, userId);
    if (!row) {
      return {
        planType: 'free',
        status: 'active',
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        hasBillingAccount: false,
      };
    }
    const paid = isPaid(planType);
    return {
      planType,
      status: row.status,
      // A finished paid period is history, not the Free plan's period.
      currentPeriodStart: paid ? toDate(row.current_period_start) : null,
      currentPeriodEnd: paid ? toDate(row.current_period_end) : null,
      cancelAtPeriodEnd: paid && row.cancel_at_period_end,
      hasBillingAccount: row.stripe_customer_id !== null,
    };
  }

  /**
   * POST /api/subscription/checkout. The price comes from the plan, never from the client. A user
   * who already pays goes to the billing portal to change plans instead of buying a second
   * subscription. One customer per user: created once, under the row lock. It does not wait for a
   * verified e-mail address (the default sign-up goes straight here): the payment provider collects
   * the payer's own address.
   */
  async createCheckout(em: EntityManager, userId: string, input: unknown): Promise<CheckoutResult> {
    const { planType, from } = parseInput(checkoutInput, input);
    return em.transactional(async (tx) => {
      const row = await lockSubscriptionRow(tx, userId);
      if (isPaid(await currentPlan(tx, userId)) && row.stripe_customer_id) {
        const url = await this.gateway.createPortalSession({
          customerId: row.stripe_customer_id,
          returnUrl: this.url('/plans'),
        });
        return { sessionId: null, url, portal: true };
      }
      const customerId = row.stripe_customer_id ?? (await this.createCustomer(tx, userId));
      const session = await this.gateway.createCheckoutSession({
        userId,
        customerId,
        planType,
        successUrl: this.url('/plans?success=true&session_id={CHECKOUT_SESSION_ID}'),
        cancelUrl: this.url(from === 'register' ? '/payment-cancelled' : '/plans?canceled=true'),
      });
      return { sessionId: session.id, url: session.url, portal: false };
    });
  }

  /**
   * GET /api/subscription/session/{id}: the browser came back from checkout. The session is read
   * from the gateway, not from the browser; the webhook may have fulfilled it already, in which
   * case this only reports the result.
   */
  async processReturn(em: EntityManager, userId: string, rawSessionId: unknown): Promise<ReturnResult> {
    const sessionId = parseInput(sessionIdInput, rawSessionId);
    const session = await this.gateway.retrieveCheckoutSession(sessionId);
    if (!session || session.userId !== userId) throw notFound(msg('Checkout session not found'));
    if (session.status !== 'complete' || session.paymentStatus === 'unpaid') {
      return {
        success: false,
        subscription: await this.subscriptionOf(em, userId),
        message: msg('Payment has not been completed for this checkout session.'),
      };
    }
    const fulfilled = await em.transactional((tx) => this.fulfilment.fulfilCheckout(tx, sessionId));
    const subscription = await this.subscriptionOf(em, userId);
    if (!isPaid(subscription.planType)) {
      return {
        success: false,
        subscription,
        message: msg('There was a problem activating your subscription. Please contact support.'),
      };
    }
    return {
      success: true,
      subscription,
      message: fulfilled
        ? msg('Your subscription has been activated.')
        : msg('Your subscription is already active.'),
    };
  }

  /** POST /api/subscription/portal. */
  async createPortal(em: EntityManager, userId: string): Promise<{ url: string }> {
    const customerId = (await subscriptionRowOf(em, userId))?.stripe_customer_id;
    if (!customerId)
      throw badInput(msg('You have no billing account yet. Choose a plan to subscribe first.'));
    return { url: await this.gateway.createPortalSession({ customerId, returnUrl: this.url('/plans') }) };
  }

  /**
   * POST /api/stripe/webhook: checks the signature over the raw body, then processes the event once.
   * A bad or missing signature changes nothing.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
    if (!this.settings.webhookSecret) throw badInput(msg('Stripe webhooks are not configured'));
    if (!signature) throw badInput(msg('Missing Stripe-Signature header'));
    let event: BillingEvent;
    try {
      event = this.verifyWebhook(rawBody, signature, this.settings.webhookSecret);
    } catch {
      throw badInput(msg('Invalid Stripe signature'));
    }
    return { duplicate: (await this.fulfilment.processEvent(event)) === 'duplicate' };
  }

  requireSandbox(): SandboxCheckout {
    if (!this.sandbox) throw notFound(msg('Not found'));
    return this.sandbox;
  }

  private async createCustomer(tx: EntityManager, userId: string): Promise<string> {
    const users = await tx.execute<{ username: string; email: string }[]>(
      'select username, email from users where id = ?',
      [userId],
    );
    const user = users[0];
    if (!user) throw new AppError('UNAUTHENTICATED', msg('Please log in to continue'));
    const customerId = await this.gateway.createCustomer({ userId, email: user.email, name: user.username });
    await tx.execute(
      'update subscriptions set stripe_customer_id = ?, updated_at = now() where user_id = ?',
      [customerId, userId],
    );
    return customerId;
  }

  /** Stripe needs absolute return URLs; the sandbox stays on whatever origin the browser uses. */
  private url(path: string): string {
    return this.gateway.mode === 'sandbox' ? path : `${this.settings.publicUrl}${path}`;
  }
}

/** Raw queries may hand timestamps back as strings. */
const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));
