import { randomBytes } from 'node:crypto';
import { type PaidPlanType, PLANS } from '@chorus/shared/plans';
import type { MikroORM } from '@mikro-orm/postgresql';
import type {
  BillingEvent,
  CheckoutRequest,
  GatewayCheckoutSession,
  GatewaySubscription,
  PaymentGateway,
  SandboxPayments,
  SandboxSession,
  SandboxSubscriptionChange,
} from '../core/gateway.ts';

/**
 * Plays Stripe's part when no keys are set: checkout sessions, customers and subscriptions are kept
 * in `billing_sandbox_objects`, the "hosted checkout" is a local test-mode page, and paying or
 * cancelling there produces the same events Stripe would send, which go through the same
 * `processEvent` as real webhooks. No money moves.
 */
export const SANDBOX_BASE = '/api/billing/sandbox';

interface SandboxSubscription {
  id: string;
  customerId: string;
  userId: string;
  planType: PaidPlanType;
  status: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}

const newId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

function addPeriod(from: Date, plan: PaidPlanType): Date {
  const end = new Date(from);
  if (PLANS[plan].period === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

export class SandboxGateway implements PaymentGateway, SandboxPayments {
  readonly mode = 'sandbox' as const;

  constructor(private readonly orm: MikroORM) {}

  private async put(kind: string, id: string, data: object): Promise<void> {
    await this.orm.em.fork().execute(
      `insert into billing_sandbox_objects (id, kind, data) values (?, ?, ?::jsonb)
       on conflict (id) do update set data = excluded.data`,
      [id, kind, JSON.stringify(data)],
    );
  }

  private async get<T>(kind: string, id: string, forUpdate = false): Promise<T | null> {
    const rows = await this.orm.em
      .fork()
      .execute<{ data: T }[]>(
        `select data from billing_sandbox_objects where id = ? and kind = ?${forUpdate ? ' for update' : ''}`,
        [id, kind],
      );
    return rows[0]?.data ?? null;
  }

  async createCustomer({ userId, email, name }: { userId: string; email: string; name: string }) {
    const id = newId('cus');
    await this.put('customer', id, { id, userId, email, name });
    return id;
  }

  async createCheckoutSession(input: CheckoutRequest) {
    const id = newId('cs');
    const session: SandboxSession = {
      id,
      url: `${SANDBOX_BASE}/checkout/${id}`,
      status: 'open',
      paymentStatus: 'unpaid',
      customerId: input.customerId,
      userId: input.userId,
      planType: input.planType,
      successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      cancelUrl: input.cancelUrl,
      subscriptionId: null,
    };
    await this.put('checkout_session', id, session);
    return { id, url: session.url };
  }

  /** The sandbox page's view of a session, for its owner only. */
  async sessionForPage(id: string, userId: string): Promise<SandboxSession | null> {
    const s = await this.get<SandboxSession>('checkout_session', id);
    return s && s.userId === userId ? s : null;
  }

  async retrieveCheckoutSession(id: string): Promise<GatewayCheckoutSession | null> {
    const s = await this.get<SandboxSession>('checkout_session', id);
    if (!s) return null;
    return {
      id: s.id,
      url: s.status === 'open' ? s.url : null,
      status: s.status,
      paymentStatus: s.paymentStatus,
      customerId: s.customerId,
      userId: s.userId,
      subscriptionId: s.subscriptionId,
    };
  }

  async retrieveSubscription(id: string): Promise<GatewaySubscription | null> {
    const s = await this.get<SandboxSubscription>('subscription', id);
    if (!s) return null;
    return {
      id: s.id,
      customerId: s.customerId,
      status: s.status,
      planType: s.planType,
      currentPeriodStart: new Date(s.currentPeriodStart),
      currentPeriodEnd: new Date(s.currentPeriodEnd),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      userId: s.userId,
    };
  }

  async createPortalSession({ customerId, returnUrl }: { customerId: string; returnUrl: string }) {
    return `${SANDBOX_BASE}/portal?customer=${encodeURIComponent(customerId)}&return=${encodeURIComponent(returnUrl)}`;
  }

  /** The subscription of a customer that is still running (for the sandbox portal). */
  async liveSubscriptionOf(customerId: string): Promise<SandboxSubscription | null> {
    const rows = await this.orm.em.fork().execute<{ data: SandboxSubscription }[]>(
      `select data from billing_sandbox_objects
        where kind = 'subscription' and data->>'customerId' = ? and data->>'status' <> 'canceled'
        order by created_at desc limit 1`,
      [customerId],
    );
    return rows[0]?.data ?? null;
  }

  /**
   * "Pay" on the sandbox checkout page: the session completes, a subscription starts and its first
   * invoice is paid. Returns the events Stripe would send, in Stripe's order.
   */
  async pay(sessionId: string, userId: string): Promise<{ events: BillingEvent[]; redirect: string } | null> {
    return this.orm.em.fork().transactional(async (em) => {
      const rows = await em.execute<{ data: SandboxSession }[]>(
        `select data from billing_sandbox_objects where id = ? and kind = 'checkout_session' for update`,
        [sessionId],
      );
      const session = rows[0]?.data;
      if (!session || session.userId !== userId) return null;
      if (session.status !== 'open') return { events: [], redirect: session.successUrl };
      const now = new Date();
      const sub: SandboxSubscription = {
        id: newId('sub'),
        customerId: session.customerId,
        userId,
        planType: session.planType,
        status: 'active',
        currentPeriodStart: now.toISOString(),
        currentPeriodEnd: addPeriod(now, session.planType).toISOString(),
        cancelAtPeriodEnd: false,
      };
      const completed: SandboxSession = {
        ...session,
        status: 'complete',
        paymentStatus: 'paid',
        subscriptionId: sub.id,
      };
      for (const [kind, obj] of [
        ['subscription', sub],
        ['checkout_session', completed],
      ] as const) {
        await em.execute(
          `insert into billing_sandbox_objects (id, kind, data) values (?, ?, ?::jsonb)
           on conflict (id) do update set data = excluded.data`,
          [obj.id, kind, JSON.stringify(obj)],
        );
      }
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        customer: sub.customerId,
        amount_paid: PLANS[sub.planType].amountCents,
        amount_due: PLANS[sub.planType].amountCents,
        currency: 'usd',
        status: 'paid',
        attempt_count: 1,
        created: unix(now),
        status_transitions: { paid_at: unix(now) },
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: sub.id, metadata: { userId } },
        },
      };
      return {
        redirect: completed.successUrl,
        events: [
          this.event('checkout.session.completed', { id: completed.id, object: 'checkout.session' }),
          this.event('customer.subscription.created', this.subscriptionObject(sub)),
          this.event('invoice.paid', invoice),
        ],
      };
    });
  }

  /** "Cancel" on the sandbox checkout page: the session expires; back to the cancel URL. */
  async cancel(sessionId: string, userId: string): Promise<string | null> {
    const session = await this.get<SandboxSession>('checkout_session', sessionId);
    if (!session || session.userId !== userId) return null;
    if (session.status === 'open')
      await this.put('checkout_session', session.id, { ...session, status: 'expired' });
    return session.cancelUrl;
  }

  async cancelSubscription(id: string): Promise<void> {
    const sub = await this.get<SandboxSubscription>('subscription', id);
    if (!sub || sub.status === 'canceled') return;
    await this.put('subscription', id, {
      ...sub,
      status: 'canceled',
      currentPeriodEnd: new Date().toISOString(),
      cancelAtPeriodEnd: false,
    });
  }

  /**
   * The sandbox portal's buttons: cancel at period end, resume, or end now. Returns the events
   * Stripe would send for the change.
   */
  async changeSubscription(customerId: string, action: SandboxSubscriptionChange): Promise<BillingEvent[]> {
    const sub = await this.liveSubscriptionOf(customerId);
    if (!sub) return [];
    const next: SandboxSubscription =
      action === 'cancel_now'
        ? { ...sub, status: 'canceled', currentPeriodEnd: new Date().toISOString(), cancelAtPeriodEnd: false }
        : { ...sub, cancelAtPeriodEnd: action === 'cancel_at_period_end' };
    await this.put('subscription', sub.id, next);
    return [
      this.event(
        action === 'cancel_now' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
        this.subscriptionObject(next),
      ),
    ];
  }

  private subscriptionObject(sub: SandboxSubscription) {
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customerId,
      status: sub.status,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      metadata: { userId: sub.userId, planType: sub.planType },
    };
  }

  private event(type: string, object: Record<string, unknown> & { id: string }): BillingEvent {
    return { id: newId('evt'), type, created: unix(new Date()), data: { object } };
  }
}
