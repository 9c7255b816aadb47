import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { type BillingFulfilment, subscriptionRowOf } from './fulfilment.ts';
import type { SandboxPayments, SandboxSubscriptionChange } from './gateway.ts';

/**
 * The built-in sandbox checkout and billing portal, used when no Stripe keys are set: its buttons
 * make the events Stripe would send and run them through the same fulfilment as real webhooks.
 */
export class SandboxCheckout {
  constructor(
    private readonly gateway: SandboxPayments,
    private readonly fulfilment: BillingFulfilment,
  ) {}

  /** The checkout session the sandbox page shows, to its own user only. */
  sessionForPage(id: string, userId: string) {
    return this.gateway.sessionForPage(id, userId);
  }

  /** The sandbox checkout's Pay button: same events, same `processEvent` as Stripe's webhooks. */
  async pay(userId: string, sessionId: string): Promise<string> {
    const result = await this.gateway.pay(sessionId, userId);
    if (!result) throw notFound(msg('Checkout session not found'));
    for (const event of result.events) await this.fulfilment.processEvent(event);
    return result.redirect;
  }

  async cancel(userId: string, sessionId: string): Promise<string> {
    const redirect = await this.gateway.cancel(sessionId, userId);
    if (!redirect) throw notFound(msg('Checkout session not found'));
    return redirect;
  }

  /** The sandbox billing portal's buttons. */
  async changeSubscription(
    em: EntityManager,
    userId: string,
    action: SandboxSubscriptionChange,
  ): Promise<void> {
    const customerId = (await subscriptionRowOf(em, userId))?.stripe_customer_id;
    if (!customerId) throw badInput(msg('You have no billing account yet.'));
    for (const event of await this.gateway.changeSubscription(customerId, action))
      await this.fulfilment.processEvent(event);
  }
}
