import { LIVE_STATUSES, type PlanType } from '@chorus/shared/plans';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { logger } from '../../../platform/logger.ts';
import type { BillingEvent, GatewaySubscription, PaymentGateway } from './gateway.ts';

/**
 * Fulfilment: the events that keep each user's `subscriptions` row in step with the payment gateway,
 * whether they come from Stripe's signed webhooks, the return from checkout, or the sandbox checkout
 * (which makes the same events). Every path that changes a subscription locks the user's row, asks
 * the gateway for the subscription as it is now and writes that, so late or out-of-order events can
 * only ever write the newest state.
 */

export interface SubscriptionRow {
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

/** The user's subscription row, if there is one (not locked). */
export async function subscriptionRowOf(
  em: EntityManager,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const rows = await em.execute<SubscriptionRow[]>('select * from subscriptions where user_id = ?', [userId]);
  return rows[0];
}

/** The user's row, created as Free if missing, locked until the transaction ends. */
export async function lockSubscriptionRow(tx: EntityManager, userId: string): Promise<SubscriptionRow> {
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

export class BillingFulfilment {
  constructor(
    private readonly orm: MikroORM,
    private readonly gateway: PaymentGateway,
  ) {}

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

  /** Returns false when the session was fulfilled before (by the webhook or the return call). */
  async fulfilCheckout(tx: EntityManager, sessionId: string): Promise<boolean> {
    const session = await this.gateway.retrieveCheckoutSession(sessionId);
    if (!session?.userId || session.status !== 'complete' || session.paymentStatus === 'unpaid') return false;
    if (!(await this.userExists(tx, session.userId))) return false;
    const first = await tx.execute<{ session_id: string }[]>(
      `insert into checkout_fulfilments (session_id, user_id) values (?, ?)
       on conflict (session_id) do nothing returning session_id`,
      [sessionId, session.userId],
    );
    if (first.length === 0) return false;
    const row = await lockSubscriptionRow(tx, session.userId);
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
    const row = await lockSubscriptionRow(tx, userId);
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
}

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
