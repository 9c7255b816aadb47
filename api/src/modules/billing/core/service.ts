import { isPaid, LIVE_STATUSES, type PlanType, paidPlanFrom } from '@chorus/shared/plans';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, badInput, notFound } from '../../../platform/errors.ts';
import { logger } from '../../../platform/logger.ts';
import { parseInput } from '../../../platform/validation.ts';
import { requireVerifiedEmail } from '../../accounts/core/security.ts';
import type { BillingEvent, GatewaySubscription, PaymentGateway } from '../providers/gateway.ts';
import type { SandboxGateway } from '../providers/sandboxGateway.ts';
import { createStripeClient } from '../providers/stripeGateway.ts';
import { currentPlan } from './currentPlan.ts';

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
  planType: z.string({ error: 'Choose a plan' }).transform((value, ctx) => {
    const plan = paidPlanFrom(value);
    if (!plan) {
      ctx.addIssue({ code: 'custom', message: 'Choose Premium or Max to check out' });
      return z.NEVER;
    }
    return plan;
  }),
  /** Where the checkout started: its cancel URL goes back there (spec §2, §4). */
  from: z.enum(['register', 'plans']).default('plans'),
});

const sessionIdInput = z.string().trim().min(1, 'Missing session id').max(255);

interface SubscriptionRow {
  id: string;
  user_id: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  plan_type: PlanType;
  status: string;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
}

const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

/**
 * Plans and payments: checkout, the return from checkout, the billing portal and the events that
 * keep each user's `subscriptions` row in step with Stripe (or the sandbox). Every path that
 * changes a subscription locks the user's row, asks the gateway for the subscription as it is now
 * and writes that, so late or out-of-order events can only ever write the newest state.
 */
export class BillingService {
  private readonly webhooks;

  constructor(
    private readonly orm: MikroORM,
    readonly gateway: PaymentGateway,
    private readonly settings: BillingSettings,
    /** Set when the gateway is the sandbox (no Stripe keys). */
    readonly sandbox: SandboxGateway | null = null,
    secretKey?: string,
  ) {
    // Signature checks need no network: any client's webhook helper will do.
    this.webhooks = createStripeClient(secretKey ?? 'sk_test_signature_only').webhooks;
  }

  /** GET /api/stripe/config: the publishable key, and whether checkout is Stripe or the sandbox. */
  config(): { publishableKey: string | null; mode: 'stripe' | 'sandbox' } {
    return { publishableKey: this.settings.publishableKey ?? null, mode: this.gateway.mode };
  }

  async subscriptionOf(em: EntityManager, userId: string): Promise<SubscriptionView> {
    const rows = await em.execute<SubscriptionRow[]>('select * from subscriptions where user_id = ?', [
      userId,
    ]);
    const row = rows[0];
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
   * subscription. One customer per user: created once, under the row lock.
   */
  async createCheckout(em: EntityManager, userId: string, input: unknown): Promise<CheckoutResult> {
    const { planType, from } = parseInput(checkoutInput, input);
    await requireVerifiedEmail(em, userId);
    return em.transactional(async (tx) => {
      const row = await this.lockRow(tx, userId);
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
    if (!session || session.userId !== userId) throw notFound('Checkout session not found');
    if (session.status !== 'complete' || session.paymentStatus === 'unpaid') {
      return {
        success: false,
        subscription: await this.subscriptionOf(em, userId),
        message: 'Payment has not been completed for this checkout session.',
      };
    }
    const fulfilled = await em.transactional((tx) => this.fulfilCheckout(tx, sessionId));
    const subscription = await this.subscriptionOf(em, userId);
    if (!isPaid(subscription.planType)) {
      return {
        success: false,
        subscription,
        message: 'There was a problem activating your subscription. Please contact support.',
      };
    }
    return {
      success: true,
      subscription,
      message: fulfilled ? 'Your subscription has been activated.' : 'Your subscription is already active.',
    };
  }

  /** POST /api/subscription/portal. */
  async createPortal(em: EntityManager, userId: string): Promise<{ url: string }> {
    const rows = await em.execute<SubscriptionRow[]>('select * from subscriptions where user_id = ?', [
      userId,
    ]);
    const customerId = rows[0]?.stripe_customer_id;
    if (!customerId) throw badInput('You have no billing account yet. Choose a plan to subscribe first.');
    return { url: await this.gateway.createPortalSession({ customerId, returnUrl: this.url('/plans') }) };
  }

  /**
   * POST /api/stripe/webhook: checks the signature over the raw body, then processes the event once.
   * A bad or missing signature changes nothing.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
    if (!this.settings.webhookSecret) throw badInput('Stripe webhooks are not configured');
    if (!signature) throw badInput('Missing Stripe-Signature header');
    let event: BillingEvent;
    try {
      event = this.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
      ) as unknown as BillingEvent;
    } catch {
      throw badInput('Invalid Stripe signature');
    }
    return { duplicate: (await this.processEvent(event)) === 'duplicate' };
  }

  /**
   * One event, once: its id is stored in the same transaction as its effects, so a redelivery is a
   * no-op and a failure (rolled back, answered 500) is retried by Stripe as a whole.
   */
  async processEvent(event: BillingEvent): Promise<'processed' | 'duplicate'> {
    return this.orm.em.fork().transactional(async (tx) => {
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into stripe_events (id, type, created_at) values (?, ?, to_timestamp(?))
         on conflict (id) do nothing returning id`,
        [event.id, event.type, event.created],
      );
      if (inserted.length === 0) return 'duplicate';
      const object = event.data.object;
      switch (event.type) {
        case 'checkout.session.completed':
          if (typeof object.id === 'string') await this.fulfilCheckout(tx, object.id);
          break;
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          if (typeof object.id === 'string') {
            await this.syncSubscription(tx, object.id, str(object.customer), str(metadataOf(object).userId));
          }
          break;
        case 'invoice.paid':
        case 'invoice.payment_failed':
          await this.recordInvoice(tx, object, event.type === 'invoice.paid');
          break;
        default:
          break;
      }
      return 'processed';
    });
  }

  // ---- sandbox (no Stripe keys) ----

  /** The sandbox checkout's Pay button: same events, same `processEvent` as Stripe's webhooks. */
  async sandboxPay(userId: string, sessionId: string): Promise<string> {
    const sandbox = this.requireSandbox();
    const result = await sandbox.pay(sessionId, userId);
    if (!result) throw notFound('Checkout session not found');
    for (const event of result.events) await this.processEvent(event);
    return result.redirect;
  }

  async sandboxCancel(userId: string, sessionId: string): Promise<string> {
    const redirect = await this.requireSandbox().cancel(sessionId, userId);
    if (!redirect) throw notFound('Checkout session not found');
    return redirect;
  }

  async sandboxPortalChange(
    em: EntityManager,
    userId: string,
    action: 'cancel_at_period_end' | 'resume' | 'cancel_now',
  ): Promise<void> {
    const sandbox = this.requireSandbox();
    const rows = await em.execute<SubscriptionRow[]>('select * from subscriptions where user_id = ?', [
      userId,
    ]);
    const customerId = rows[0]?.stripe_customer_id;
    if (!customerId) throw badInput('You have no billing account yet.');
    for (const event of await sandbox.changeSubscription(customerId, action)) await this.processEvent(event);
  }

  requireSandbox(): SandboxGateway {
    if (!this.sandbox) throw notFound('Not found');
    return this.sandbox;
  }

  // ---- fulfilment ----

  /** Returns false when the session was fulfilled before (by the webhook or the return call). */
  private async fulfilCheckout(tx: EntityManager, sessionId: string): Promise<boolean> {
    const session = await this.gateway.retrieveCheckoutSession(sessionId);
    if (!session?.userId || session.status !== 'complete' || session.paymentStatus === 'unpaid') return false;
    if (!(await this.userExists(tx, session.userId))) return false;
    const first = await tx.execute<{ session_id: string }[]>(
      `insert into checkout_fulfilments (session_id, user_id) values (?, ?)
       on conflict (session_id) do nothing returning session_id`,
      [sessionId, session.userId],
    );
    if (first.length === 0) return false;
    const row = await this.lockRow(tx, session.userId);
    if (!row.stripe_customer_id && session.customerId) {
      await tx.execute('update subscriptions set stripe_customer_id = ? where id = ?', [
        session.customerId,
        row.id,
      ]);
    }
    if (session.subscriptionId)
      await this.syncSubscription(tx, session.subscriptionId, session.customerId, session.userId);
    return true;
  }

  /**
   * Writes the subscription as the gateway has it now. Finds the user by customer id (the one the
   * checkout created), falling back to the checkout's metadata.
   */
  private async syncSubscription(
    tx: EntityManager,
    subscriptionId: string,
    customerId: string | null,
    metadataUserId: string | null,
  ): Promise<void> {
    const userId = await this.userFor(tx, customerId, metadataUserId);
    if (!userId) {
      logger.warn({ subscriptionId, customerId }, 'billing event for an unknown customer ignored');
      return;
    }
    // Lock first, then read the gateway: a later sync waits and so reads a state at least as new.
    const row = await this.lockRow(tx, userId);
    const sub = await this.gateway.retrieveSubscription(subscriptionId);
    if (!sub) return;
    if (row.stripe_customer_id && sub.customerId && sub.customerId !== row.stripe_customer_id) {
      logger.warn({ subscriptionId, userId }, 'subscription of another customer ignored');
      return;
    }
    // News about an older subscription must not end the one that replaced it.
    if (row.stripe_subscription_id && row.stripe_subscription_id !== sub.id && !isLive(sub.status)) return;
    await this.writeSubscription(tx, row, sub);
  }

  private async writeSubscription(tx: EntityManager, row: SubscriptionRow, sub: GatewaySubscription) {
    const live = isLive(sub.status);
    if (live && !sub.planType) logger.warn({ subscriptionId: sub.id }, 'subscription price matches no plan');
    const planType: PlanType = live ? (sub.planType ?? 'monthly') : 'free';
    await tx.execute(
      `update subscriptions set stripe_customer_id = coalesce(stripe_customer_id, ?), stripe_subscription_id = ?,
         plan_type = ?, status = ?, current_period_start = ?, current_period_end = ?, cancel_at_period_end = ?,
         updated_at = now()
       where id = ?`,
      [
        sub.customerId || null,
        sub.id,
        planType,
        sub.status,
        sub.currentPeriodStart,
        sub.currentPeriodEnd,
        live && sub.cancelAtPeriodEnd,
        row.id,
      ],
    );
  }

  /** invoice.paid / invoice.payment_failed: one payment_history row each, then the subscription as it is now. */
  private async recordInvoice(tx: EntityManager, invoice: Record<string, unknown>, paid: boolean) {
    const invoiceId = str(invoice.id);
    const subscriptionId = subscriptionOfInvoice(invoice);
    const metaUser = str(metadataOf(invoice).userId) ?? str(invoiceSubscriptionMetadata(invoice).userId);
    const userId = await this.userFor(tx, str(invoice.customer), metaUser);
    if (!invoiceId || !userId) {
      logger.warn({ invoiceId }, 'invoice for an unknown customer ignored');
      return;
    }
    const cents = Number(paid ? invoice.amount_paid : invoice.amount_due) || 0;
    const paidAt = numberAt(invoice, ['status_transitions', 'paid_at']) ?? Number(invoice.created);
    // A failed attempt and the later successful payment of the same invoice are separate rows.
    const paymentId = paid ? invoiceId : `${invoiceId}:failed:${Number(invoice.attempt_count) || 1}`;
    await tx.execute(
      `insert into payment_history (id, user_id, stripe_payment_id, amount, currency, status, payment_date)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, to_timestamp(?))
       on conflict (stripe_payment_id) do nothing`,
      [
        userId,
        paymentId,
        (cents / 100).toFixed(2),
        (str(invoice.currency) ?? 'usd').toLowerCase(),
        paid ? 'paid' : 'failed',
        Number.isFinite(paidAt) ? paidAt : Date.now() / 1000,
      ],
    );
    if (subscriptionId) await this.syncSubscription(tx, subscriptionId, str(invoice.customer), userId);
  }

  private async createCustomer(tx: EntityManager, userId: string): Promise<string> {
    const users = await tx.execute<{ username: string; email: string }[]>(
      'select username, email from users where id = ?',
      [userId],
    );
    const user = users[0];
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
    const customerId = await this.gateway.createCustomer({ userId, email: user.email, name: user.username });
    await tx.execute(
      'update subscriptions set stripe_customer_id = ?, updated_at = now() where user_id = ?',
      [customerId, userId],
    );
    return customerId;
  }

  /** The user's row, created as Free if missing, locked until the transaction ends. */
  private async lockRow(tx: EntityManager, userId: string): Promise<SubscriptionRow> {
    await tx.execute(
      `insert into subscriptions (id, user_id, plan_type, status) values (gen_random_uuid(), ?, 'free', 'active')
       on conflict (user_id) do nothing`,
      [userId],
    );
    const rows = await tx.execute<SubscriptionRow[]>(
      'select * from subscriptions where user_id = ? for update',
      [userId],
    );
    return rows[0]!;
  }

  private async userFor(tx: EntityManager, customerId: string | null, metadataUserId: string | null) {
    if (customerId) {
      const rows = await tx.execute<{ user_id: string }[]>(
        'select user_id from subscriptions where stripe_customer_id = ?',
        [customerId],
      );
      if (rows[0]) return rows[0].user_id;
    }
    if (metadataUserId && (await this.userExists(tx, metadataUserId))) return metadataUserId;
    return null;
  }

  private async userExists(tx: EntityManager, userId: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(userId)) return false;
    const rows = await tx.execute<{ id: string }[]>('select id from users where id = ?', [userId]);
    return rows.length > 0;
  }

  /** Stripe needs absolute return URLs; the sandbox stays on whatever origin the browser uses. */
  private url(path: string): string {
    return this.gateway.mode === 'sandbox' ? path : `${this.settings.publicUrl}${path}`;
  }
}

/** Raw queries may hand timestamps back as strings. */
const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

const str = (value: unknown): string | null =>
  typeof value === 'string' && value
    ? value
    : value && typeof value === 'object' && 'id' in value
      ? str(value.id)
      : null;

const metadataOf = (object: Record<string, unknown>): Record<string, unknown> =>
  object.metadata && typeof object.metadata === 'object' ? (object.metadata as Record<string, unknown>) : {};

function numberAt(object: Record<string, unknown>, path: string[]): number | null {
  let value: unknown = object;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : null;
  return typeof value === 'number' ? value : null;
}

/** Since API 2025-03-31 an invoice names its subscription under parent.subscription_details. */
function subscriptionOfInvoice(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return str(parent?.subscription_details?.subscription) ?? str(invoice.subscription);
}

function invoiceSubscriptionMetadata(invoice: Record<string, unknown>): Record<string, unknown> {
  const parent = invoice.parent as { subscription_details?: { metadata?: unknown } } | null | undefined;
  const meta = parent?.subscription_details?.metadata;
  return meta && typeof meta === 'object' ? (meta as Record<string, unknown>) : {};
}
