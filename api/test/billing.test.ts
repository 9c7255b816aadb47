import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import {
  type FakeStripe,
  signedEvent,
  startFakeStripe,
  WEBHOOK_SECRET,
} from '../../tests/support/fakeStripe.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';

let stripe: FakeStripe;
let app: RunningApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_chorus',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_chorus',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL: 'https://chorus.test',
  });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const webhook = (event: object, secret?: string) => {
  const [payload, signature] = signedEvent(event, secret);
  return new HttpClient(app.url).request('POST', '/api/stripe/webhook', payload, {
    'content-type': 'application/json',
    'stripe-signature': signature,
  });
};

const subscriptionOf = async (client: HttpClient) => {
  const res = await client.get('/api/user/subscription');
  expect(res.status).toBe(200);
  return res.body.subscription;
};

const rowOf = async (userId: string) =>
  (await db().query('select * from subscriptions where user_id = $1', [userId])).rows[0];

const paymentsOf = async (userId: string) =>
  (
    await db().query(
      'select stripe_payment_id, amount, currency, status from payment_history where user_id = $1 order by created_at',
      [userId],
    )
  ).rows;

/** Sign up, start checkout for a plan and pay on "Stripe"; the webhook has not arrived yet. */
async function paidCheckout(planType = 'premium') {
  const user = await signedUpClient(app.url);
  const checkout = await user.client.post('/api/subscription/checkout', { planType });
  expect(checkout.status).toBe(200);
  const paid = stripe.completeCheckout(checkout.body.sessionId);
  return { ...user, sessionId: checkout.body.sessionId as string, ...paid };
}

describe('stripe config and checkout', () => {
  it('serves the publishable key (publicly) and says checkout is Stripe', async () => {
    const res = await new HttpClient(app.url).get('/api/stripe/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publishableKey: 'pk_test_chorus', mode: 'stripe' });
  });

  it('needs a signed-in user and a paid plan', async () => {
    expect(
      (await new HttpClient(app.url).post('/api/subscription/checkout', { planType: 'monthly' })).status,
    ).toBe(401);
    const { client } = await signedUpClient(app.url);
    const free = await client.post('/api/subscription/checkout', { planType: 'free' });
    expect(free.status).toBe(400);
    expect(free.body.message).toBe('Choose Premium or Max to check out');
    expect((await client.post('/api/subscription/checkout', { planType: 'gold', amount: 1 })).status).toBe(
      400,
    );
  });

  it('prices every plan on the server (premium = monthly) and makes one customer per user', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const expected = {
      premium: [1299, 'month'],
      monthly: [1299, 'month'],
      yearly: [11000, 'year'],
      max: [11900, 'month'],
      yearlyMax: [110000, 'year'],
    } as const;
    const customersBefore = stripe.customers.size;
    for (const [planType, [amount, interval]] of Object.entries(expected)) {
      // A client-sent price is ignored: only planType counts.
      const res = await client.post('/api/subscription/checkout', {
        planType,
        price: 'price_cheap',
        amount: 1,
      });
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      const session = stripe.sessions.get(res.body.sessionId);
      expect(session.line_items[0].price_data).toMatchObject({
        currency: 'usd',
        unit_amount: String(amount),
        recurring: { interval },
      });
      expect(session.client_reference_id).toBe(userId);
      expect(session.success_url).toBe(
        `https://chorus.test/plans?success=true&session_id=${res.body.sessionId}`,
      );
      expect(session.cancel_url).toBe('https://chorus.test/plans?canceled=true');
    }
    expect(stripe.customers.size).toBe(customersBefore + 1);
    const register = await client.post('/api/subscription/checkout', { planType: 'max', from: 'register' });
    expect(stripe.sessions.get(register.body.sessionId).cancel_url).toBe(
      'https://chorus.test/payment-cancelled',
    );
  });
});

describe('paid flow', () => {
  it('activates the plan from the webhook; the return call then only reports it', async () => {
    const { client, userId, sessionId, subscription, invoice } = await paidCheckout('premium');
    expect((await subscriptionOf(client)).planType).toBe('free');

    expect(
      (await webhook(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)))).status,
    ).toBe(200);
    const sub = await subscriptionOf(client);
    expect(sub).toMatchObject({ planType: 'monthly', status: 'active', cancelAtPeriodEnd: false });
    expect(new Date(sub.currentPeriodEnd).getTime()).toBe(
      subscription.items.data[0].current_period_end * 1000,
    );
    const row = await rowOf(userId);
    expect(row.stripe_subscription_id).toBe(subscription.id);
    expect(row.stripe_customer_id).toBe(subscription.customer);

    expect((await webhook(stripe.event('invoice.paid', invoice))).status).toBe(200);
    expect(await paymentsOf(userId)).toEqual([
      { stripe_payment_id: invoice.id, amount: '12.99', currency: 'usd', status: 'paid' },
    ]);

    const settled = await rowOf(userId);
    const back = await client.get(`/api/subscription/session/${sessionId}`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      success: true,
      message: 'Your subscription is already active.',
      subscription: { planType: 'monthly', status: 'active' },
    });
    expect((await rowOf(userId)).updated_at).toEqual(settled.updated_at);
  });

  it('activates the plan from the return call when it beats the webhook; the webhook is then a no-op', async () => {
    const { client, userId, sessionId } = await paidCheckout('yearlyMax');
    const back = await client.get(`/api/subscription/session/${sessionId}`);
    expect(back.body).toMatchObject({
      success: true,
      message: 'Your subscription has been activated.',
      subscription: { planType: 'yearlyMax' },
    });
    const before = await rowOf(userId);
    expect(
      (await webhook(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)))).status,
    ).toBe(200);
    expect((await rowOf(userId)).updated_at).toEqual(before.updated_at);
    const fulfilments = await db().query('select * from checkout_fulfilments where session_id = $1', [
      sessionId,
    ]);
    expect(fulfilments.rowCount).toBe(1);
  });

  it('says an unpaid session is not complete, and hides other users\u2019 sessions', async () => {
    const { client } = await signedUpClient(app.url);
    const checkout = await client.post('/api/subscription/checkout', { planType: 'monthly' });
    const back = await client.get(`/api/subscription/session/${checkout.body.sessionId}`);
    expect(back.body).toMatchObject({ success: false, subscription: { planType: 'free' } });
    const other = await signedUpClient(app.url);
    expect((await other.client.get(`/api/subscription/session/${checkout.body.sessionId}`)).status).toBe(404);
    expect((await client.get('/api/subscription/session/cs_test_missing')).status).toBe(404);
  });

  it('sends a paying user to the billing portal instead of a second checkout', async () => {
    const { client, sessionId } = await paidCheckout('monthly');
    await client.get(`/api/subscription/session/${sessionId}`);
    const sessionsBefore = stripe.sessions.size;
    const again = await client.post('/api/subscription/checkout', { planType: 'max' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ sessionId: null, portal: true });
    expect(again.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(stripe.sessions.size).toBe(sessionsBefore);
    const portal = await client.post('/api/subscription/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(stripe.requests.at(-1)?.body.return_url).toBe('https://chorus.test/plans');
  });

  it('has no portal before a billing account exists', async () => {
    const { client } = await signedUpClient(app.url);
    const res = await client.post('/api/subscription/portal');
    expect(res.status).toBe(400);
  });
});

describe('cancel flow', () => {
  it('leaves a user who cancels checkout on Free with nothing charged', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const checkout = await client.post('/api/subscription/checkout', {
      planType: 'monthly',
      from: 'register',
    });
    const session = stripe.sessions.get(checkout.body.sessionId);
    expect(session.cancel_url).toBe('https://chorus.test/payment-cancelled');
    // Stripe expires the session; the browser comes back to the cancel URL, no event activates anything.
    session.status = 'expired';
    expect((await webhook(stripe.event('checkout.session.expired', session))).status).toBe(200);
    expect((await subscriptionOf(client)).planType).toBe('free');
    expect(await paymentsOf(userId)).toEqual([]);
  });
});

describe('webhook safety', () => {
  it('rejects a bad or missing signature with 400 and changes nothing', async () => {
    const { userId, sessionId } = await paidCheckout();
    const event = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId));
    const forged = await webhook(event, 'whsec_wrong');
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Invalid Stripe signature');
    const unsigned = await new HttpClient(app.url).request(
      'POST',
      '/api/stripe/webhook',
      JSON.stringify(event),
      {
        'content-type': 'application/json',
      },
    );
    expect(unsigned.status).toBe(400);
    // A body changed after signing fails too.
    const [payload, signature] = signedEvent(event);
    const tampered = await new HttpClient(app.url).request(
      'POST',
      '/api/stripe/webhook',
      payload.replace('checkout.session.completed', 'checkout.session.completed '),
      { 'content-type': 'application/json', 'stripe-signature': signature },
    );
    expect(tampered.status).toBe(400);
    expect((await db().query('select 1 from stripe_events where id = $1', [event.id])).rowCount).toBe(0);
    expect((await rowOf(userId))?.plan_type ?? 'free').toBe('free');
  });

  it('processes a replayed event once', async () => {
    const { userId, sessionId, invoice } = await paidCheckout();
    await webhook(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)));
    const event = stripe.event('invoice.paid', invoice);
    const first = await webhook(event);
    const again = await webhook(event);
    expect(first.body).toEqual({ received: true, duplicate: false });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect(await paymentsOf(userId)).toHaveLength(1);
    // The same invoice under a new event id still records one payment (unique stripePaymentId).
    await webhook(stripe.event('invoice.paid', invoice));
    expect(await paymentsOf(userId)).toHaveLength(1);
  });

  it('never moves a subscription backwards when events arrive late or out of order', async () => {
    const { client, sessionId, subscription } = await paidCheckout();
    const created = stripe.event('customer.subscription.created', subscription);
    await webhook(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)));
    const firstEnd = (await subscriptionOf(client)).currentPeriodEnd;

    // A renewal: the newer update arrives first, then the stale "created" event.
    const renewal = stripe.renew(subscription.id);
    await webhook(stripe.event('invoice.paid', renewal));
    const renewedEnd = (await subscriptionOf(client)).currentPeriodEnd;
    expect(new Date(renewedEnd).getTime()).toBeGreaterThan(new Date(firstEnd).getTime());
    await webhook(created);
    expect((await subscriptionOf(client)).currentPeriodEnd).toBe(renewedEnd);

    // Deleted, then a late "updated" that still says active: the user stays on Free.
    const stale = stripe.event('customer.subscription.updated', subscription);
    stripe.updateSubscription(subscription.id, { status: 'canceled' });
    await webhook(stripe.event('customer.subscription.deleted', stripe.subscriptions.get(subscription.id)));
    expect((await subscriptionOf(client)).planType).toBe('free');
    await webhook(stale);
    expect((await subscriptionOf(client)).planType).toBe('free');
  });

  it('ignores events for customers it does not know', async () => {
    const res = await webhook(
      stripe.event('customer.subscription.updated', {
        id: 'sub_unknown',
        customer: 'cus_unknown',
        metadata: {},
      }),
    );
    expect(res.status).toBe(200);
  });
});

describe('renewals and cancellation', () => {
  it('records a failed payment, keeps the plan while Stripe retries, and ends it when Stripe gives up', async () => {
    const { client, userId, sessionId, subscription, invoice } = await paidCheckout('max');
    await webhook(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)));
    await webhook(stripe.event('invoice.paid', invoice));
    const failed = stripe.renew(subscription.id, { paid: false });
    expect((await webhook(stripe.event('invoice.payment_failed', failed))).status).toBe(200);
    expect(await paymentsOf(userId)).toEqual([
      { stripe_payment_id: invoice.id, amount: '119.00', currency: 'usd', status: 'paid' },
      { stripe_payment_id: `${failed.id}:failed:1`, amount: '119.00', currency: 'usd', status: 'failed' },
    ]);
    expect(await subscriptionOf(client)).toMatchObject({ planType: 'max', status: 'past_due' });

    stripe.updateSubscription(subscription.id, { status: 'canceled' });
    await webhook(stripe.event('customer.subscription.deleted', stripe.subscriptions.get(subscription.id)));
    expect(await subscriptionOf(client)).toMatchObject({ planType: 'free', status: 'canceled' });
  });

  it('returns a user who cancels at period end to Free when the period ends', async () => {
    const { client, userId, sessionId, subscription } = await paidCheckout('yearly');
    await webhook(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)));
    stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    await webhook(stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)));
    expect(await subscriptionOf(client)).toMatchObject({ planType: 'yearly', cancelAtPeriodEnd: true });

    // Even before Stripe's "deleted" event, a period that is over no longer counts.
    await db().query(
      `update subscriptions set current_period_end = now() - interval '1 minute' where user_id = $1`,
      [userId],
    );
    expect((await subscriptionOf(client)).planType).toBe('free');

    stripe.updateSubscription(subscription.id, { status: 'canceled' });
    await webhook(stripe.event('customer.subscription.deleted', stripe.subscriptions.get(subscription.id)));
    expect(await subscriptionOf(client)).toMatchObject({
      planType: 'free',
      status: 'canceled',
      cancelAtPeriodEnd: false,
    });
    // Free again: checkout is open again (a new subscription, same customer).
    const again = await client.post('/api/subscription/checkout', { planType: 'monthly' });
    expect(again.body.portal).toBe(false);
    expect(stripe.sessions.get(again.body.sessionId).customer).toBe(subscription.customer);
  });

  it('keeps two users apart', async () => {
    const a = await paidCheckout('monthly');
    const b = await signedUpClient(app.url);
    await webhook(stripe.event('checkout.session.completed', stripe.sessions.get(a.sessionId)));
    await webhook(stripe.event('invoice.paid', a.invoice));
    expect((await subscriptionOf(a.client)).planType).toBe('monthly');
    expect((await subscriptionOf(b.client)).planType).toBe('free');
    expect(await paymentsOf(b.userId)).toEqual([]);
    // B cannot claim A's checkout session.
    expect((await b.client.get(`/api/subscription/session/${a.sessionId}`)).status).toBe(404);
    expect((await subscriptionOf(b.client)).planType).toBe('free');
    // A subscription event that names A's customer but B's id in metadata still lands on A.
    const forged = { ...a.subscription, metadata: { userId: b.userId } };
    await webhook(stripe.event('customer.subscription.updated', forged));
    expect((await subscriptionOf(b.client)).planType).toBe('free');
  });
});

describe('plan limits follow the subscription', () => {
  const sendPrompts = async (client: HttpClient, n: number) => {
    const chat = await client.post('/api/chats', { title: 'New Chat', activeModel: 'gpt' });
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      statuses.push(
        (await client.post(`/api/chats/${chat.body.id}/messages`, { content: `hello ${i}` })).status,
      );
    }
    return statuses;
  };

  it('stops a free user at 10 prompts a month and not a paying one', async () => {
    const free = await signedUpClient(app.url);
    const freeStatuses = await sendPrompts(free.client, 11);
    expect(freeStatuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(freeStatuses[10]).toBe(402);

    const paid = await paidCheckout('monthly');
    await paid.client.get(`/api/subscription/session/${paid.sessionId}`);
    expect(await sendPrompts(paid.client, 11)).toEqual(Array(11).fill(201));
  });
});

describe('GraphQL operations', () => {
  it('serve the same billing as the REST calls', async () => {
    const { client } = await signedUpClient(app.url);
    const plans = await client.gql(
      '{ plans { type name period amountCents compareAtCents savingsLabel limits { feature limit } } stripeConfig { publishableKey mode } mySubscription { planType status } }',
    );
    expect(plans.errors).toBeUndefined();
    const byType = Object.fromEntries(plans.data.plans.map((p: { type: string }) => [p.type, p]));
    expect(byType.free.limits).toContainEqual({ feature: 'prompts', limit: 10 });
    expect(byType.monthly).toMatchObject({
      amountCents: 1299,
      compareAtCents: 1999,
      savingsLabel: 'Save 35%',
    });
    expect(byType.yearly).toMatchObject({ amountCents: 11000, period: 'year' });
    expect(byType.yearlyMax.limits).toContainEqual({ feature: 'videos', limit: null });
    expect(plans.data.stripeConfig).toEqual({ publishableKey: 'pk_test_chorus', mode: 'stripe' });
    expect(plans.data.mySubscription.planType).toBe('free');

    const checkout = await client.gql(
      'mutation { createCheckoutSession(planType: "premium") { sessionId url portal } }',
    );
    expect(checkout.errors).toBeUndefined();
    const sessionId = checkout.data.createCheckoutSession.sessionId;
    stripe.completeCheckout(sessionId);
    const processed = await client.gql(
      'mutation($id: String!) { processCheckoutSession(sessionId: $id) { success message subscription { planType } } }',
      { id: sessionId },
    );
    expect(processed.data.processCheckoutSession).toMatchObject({
      success: true,
      subscription: { planType: 'monthly' },
    });
    const portal = await client.gql('mutation { createPortalSession { url } }');
    expect(portal.data.createPortalSession.url).toMatch(/^https:\/\/billing\.stripe\.test\//);

    const bad = await client.gql('mutation { createCheckoutSession(planType: "free") { url } }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const anonymous = await new HttpClient(app.url).gql('{ mySubscription { planType } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('configured Stripe prices', () => {
  it('charges the configured price id when one is set', async () => {
    const priced = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_chorus',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICE_MAX: 'price_max_configured',
    });
    try {
      const { client } = await signedUpClient(priced.url);
      const res = await client.post('/api/subscription/checkout', { planType: 'max' });
      expect(stripe.sessions.get(res.body.sessionId).line_items[0]).toEqual({
        price: 'price_max_configured',
        quantity: '1',
      });
      // A plan without a configured id still uses inline price data.
      const monthly = await client.post('/api/subscription/checkout', { planType: 'monthly' });
      expect(stripe.sessions.get(monthly.body.sessionId).line_items[0].price_data.unit_amount).toBe('1299');
    } finally {
      await priced.close();
    }
  });
});
