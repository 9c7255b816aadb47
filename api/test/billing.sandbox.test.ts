import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { signedEvent } from '../../tests/support/fakeStripe.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';

/** No Stripe keys: the built-in sandbox checkout plays Stripe's part through the same fulfilment. */
const app = useTestApp();

const subscriptionOf = async (client: HttpClient) =>
  (await client.get('/api/user/subscription')).body.subscription;

describe('sandbox checkout', () => {
  it('says so in the config', async () => {
    expect((await new HttpClient(app.url).get('/api/stripe/config')).body).toEqual({
      publishableKey: null,
      mode: 'sandbox',
    });
  });

  it('pays on a test-mode page, activates the plan through the event path and returns like Stripe', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const checkout = await client.post('/api/subscription/checkout', { planType: 'premium' });
    expect(checkout.status).toBe(200);
    const { sessionId, url } = checkout.body;
    expect(url).toBe(`/api/billing/sandbox/checkout/${sessionId}`);

    const page = await client.get(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('TEST MODE');
    expect(page.text).toContain('$12.99');
    // It names the app's icon, so the browser doesn't ask for a /favicon.ico that isn't there.
    expect(page.text).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    // Another user cannot open or pay it.
    const other = await signedUpClient(app.url);
    expect((await other.client.get(url)).status).toBe(404);
    expect((await other.client.post(`${url}/pay`)).status).toBe(404);

    const paid = await client.post(`${url}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/plans?success=true&session_id=${sessionId}`);
    expect(await subscriptionOf(client)).toMatchObject({ planType: 'monthly', status: 'active' });
    const payments = await db().query(
      'select amount, currency, status from payment_history where user_id = $1',
      [userId],
    );
    expect(payments.rows).toEqual([{ amount: '12.99', currency: 'usd', status: 'paid' }]);
    // The same event types as Stripe's, recorded once each.
    const events = await db().query(
      `select type from stripe_events where id like 'evt_sandbox_%' order by processed_at desc limit 3`,
    );
    expect(events.rows.map((r) => r.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);

    // The return call finds it fulfilled; paying twice changes nothing.
    const back = await client.get(`/api/subscription/session/${sessionId}`);
    expect(back.body).toMatchObject({ success: true, message: 'Your subscription is already active.' });
    expect((await client.post(`${url}/pay`)).status).toBe(303);
    expect(
      (await db().query('select count(*)::int as n from payment_history where user_id = $1', [userId]))
        .rows[0].n,
    ).toBe(1);
    expect(await other.client.get('/api/user/subscription')).toMatchObject({
      body: { subscription: { planType: 'free' } },
    });
  });

  it("writes the checkout page in the request's language, English without one", async () => {
    const { client } = await signedUpClient(app.url);
    const { url } = (await client.post('/api/subscription/checkout', { planType: 'premium' })).body;
    const german = await client.get(url, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(german.status).toBe(200);
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain('<h1>Chorus Premium abonnieren (monatlich)</h1>');
    expect(german.text).toContain('TESTMODUS');
    expect(german.text).not.toContain('Subscribe to');
    const english = await client.get(url);
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).toContain('<h1>Subscribe to Chorus Premium (monthly)</h1>');
    expect(english.text).toContain('Pay $12.99 (test)');
  });

  it('cancels back to the cancel URL with nothing changed', async () => {
    const { client } = await signedUpClient(app.url);
    const fromRegister = await client.post('/api/subscription/checkout', {
      planType: 'max',
      from: 'register',
    });
    const cancelled = await client.post(`${fromRegister.body.url}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('/payment-cancelled');
    const fromPlans = await client.post('/api/subscription/checkout', { planType: 'yearly' });
    expect((await client.post(`${fromPlans.body.url}/cancel`)).headers.get('location')).toBe(
      '/plans?canceled=true',
    );
    expect((await subscriptionOf(client)).planType).toBe('free');
    const back = await client.get(`/api/subscription/session/${fromRegister.body.sessionId}`);
    expect(back.body.success).toBe(false);
  });

  it('offers a test-mode portal that cancels at period end, resumes, or ends the plan', async () => {
    const { client } = await signedUpClient(app.url);
    const checkout = await client.post('/api/subscription/checkout', { planType: 'yearlyMax' });
    await client.post(`${checkout.body.url}/pay`);
    const again = await client.post('/api/subscription/checkout', { planType: 'monthly' });
    expect(again.body.portal).toBe(true);
    const portal = await client.post('/api/subscription/portal');
    expect(portal.body.url).toMatch(/^\/api\/billing\/sandbox\/portal\?/);
    const page = await client.get(portal.body.url);
    expect(page.text).toContain('TEST MODE');
    expect(page.text).toContain('$1,100 per year');

    await client.post('/api/billing/sandbox/portal/cancel_at_period_end?return=/plans');
    expect(await subscriptionOf(client)).toMatchObject({ planType: 'yearlyMax', cancelAtPeriodEnd: true });
    await client.post('/api/billing/sandbox/portal/resume');
    expect(await subscriptionOf(client)).toMatchObject({ planType: 'yearlyMax', cancelAtPeriodEnd: false });
    const ended = await client.post('/api/billing/sandbox/portal/cancel_now?return=//evil.example');
    expect(ended.headers.get('location')).toBe('/api/billing/sandbox/portal?return=%2Fplans');
    expect(await subscriptionOf(client)).toMatchObject({ planType: 'free', status: 'canceled' });
  });

  it('sends signed-out visitors to log in and refuses webhooks (there is no secret to check)', async () => {
    const anonymous = new HttpClient(app.url);
    const res = await anonymous.get('/api/billing/sandbox/checkout/cs_sandbox_x');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
    const [payload, signature] = signedEvent({
      id: 'evt_1',
      type: 'invoice.paid',
      created: 1,
      data: { object: {} },
    });
    const hook = await anonymous.request('POST', '/api/stripe/webhook', payload, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });
    expect(hook.status).toBe(400);
  });
});
