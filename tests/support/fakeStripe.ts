import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * An in-process server speaking the part of Stripe's HTTP API billing uses (customers, checkout
 * sessions, subscriptions, billing portal sessions), for the real `stripe` SDK to talk to. Tests
 * play the customer and Stripe's back office through its helpers (complete a checkout, change a
 * subscription) and send webhooks signed with the SDK's own test-header helper.
 */
export interface FakeStripe {
  url: string;
  requests: { method: string; path: string; body: any }[];
  customers: Map<string, any>;
  sessions: Map<string, any>;
  subscriptions: Map<string, any>;
  /** The customer paid: the session completes and its subscription starts (its first invoice paid). */
  completeCheckout(sessionId: string): { session: any; subscription: any; invoice: any };
  updateSubscription(id: string, patch: Record<string, unknown>): any;
  /** Moves a subscription's period (a renewal), returning the new period's invoice. */
  renew(id: string, opts?: { paid?: boolean }): any;
  event(
    type: string,
    object: any,
    created?: number,
  ): { id: string; type: string; created: number; data: any };
  close(): Promise<void>;
}

export const WEBHOOK_SECRET = 'whsec_test_chorus_billing';
const stripeForSigning = new Stripe('sk_test_signing_only');

/** Serialises and signs an event as Stripe would deliver it: [body, Stripe-Signature header]. */
export function signedEvent(event: object, secret = WEBHOOK_SECRET): [string, string] {
  const payload = JSON.stringify(event);
  return [payload, stripeForSigning.webhooks.generateTestHeaderString({ payload, secret })];
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86400;

/** Stripe's form encoding (`a[b][0][c]=1`) back into objects and arrays. */
function parseForm(text: string): any {
  const root: any = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.split(/\[|\]\[|\]/).filter((k) => k !== '');
    let node = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const nextIsIndex = /^\d+$/.test(keys[i + 1] ?? '');
      if (last) {
        if (Array.isArray(node) && key === '') node.push(value);
        else node[key] = value;
      } else {
        node[key] ??= nextIsIndex ? [] : {};
        node = node[key];
      }
    });
  }
  return root;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const customers = new Map<string, any>();
  const sessions = new Map<string, any>();
  const subscriptions = new Map<string, any>();
  const prices = new Map<string, any>();

  const priceFor = (item: any) => {
    if (item.price) {
      const known = prices.get(item.price);
      if (known) return known;
      // A configured price id the fake has not seen: treat it as the Premium monthly price.
      return {
        id: item.price,
        object: 'price',
        unit_amount: 1299,
        currency: 'usd',
        recurring: { interval: 'month' },
      };
    }
    const p = {
      id: id('price'),
      object: 'price',
      unit_amount: Number(item.price_data.unit_amount),
      currency: item.price_data.currency,
      recurring: { interval: item.price_data.recurring.interval },
    };
    prices.set(p.id, p);
    return p;
  };

  const invoiceFor = (sub: any, paid = true) => ({
    id: id('in'),
    object: 'invoice',
    customer: sub.customer,
    amount_paid: paid ? sub.items.data[0].price.unit_amount : 0,
    amount_due: sub.items.data[0].price.unit_amount,
    currency: 'usd',
    status: paid ? 'paid' : 'open',
    attempt_count: 1,
    created: now(),
    status_transitions: { paid_at: paid ? now() : null },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
  });

  const error = (res: any, status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message } }));
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const text = await readBody(req);
    const body = text ? parseForm(text) : {};
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
    const send = (obj: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(obj));
    };
    const path = url.pathname;
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && path === '/v1/customers') {
      const c = {
        id: id('cus'),
        object: 'customer',
        email: body.email,
        name: body.name,
        metadata: body.metadata ?? {},
      };
      customers.set(c.id, c);
      return send(c);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (!customers.has(body.customer)) return error(res, 400, `No such customer: '${body.customer}'`);
      const sid = id('cs_test');
      const s = {
        id: sid,
        object: 'checkout.session',
        mode: body.mode,
        url: `https://checkout.stripe.test/c/pay/${sid}`,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription: null,
        success_url: String(body.success_url).replace('{CHECKOUT_SESSION_ID}', sid),
        cancel_url: body.cancel_url,
        line_items: body.line_items,
        subscription_data: body.subscription_data,
      };
      sessions.set(sid, s);
      return send(s);
    }
    if (req.method === 'GET' && sessionMatch) {
      const s = sessions.get(sessionMatch[1]!);
      return s ? send(s) : error(res, 404, `No such checkout.session: '${sessionMatch[1]}'`);
    }
    if (req.method === 'GET' && subscriptionMatch) {
      const s = subscriptions.get(subscriptionMatch[1]!);
      return s ? send(s) : error(res, 404, `No such subscription: '${subscriptionMatch[1]}'`);
    }
    if (req.method === 'DELETE' && subscriptionMatch) {
      const s = subscriptions.get(subscriptionMatch[1]!);
      if (!s) return error(res, 404, `No such subscription: '${subscriptionMatch[1]}'`);
      Object.assign(s, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return send(s);
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(body.customer)) return error(res, 400, `No such customer: '${body.customer}'`);
      return send({
        id: id('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${id('live')}`,
      });
    }
    error(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    sessions,
    subscriptions,
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const price = priceFor(session.line_items[0]);
      const start = now();
      const period = price.recurring.interval === 'year' ? 365 * DAY : 30 * DAY;
      const sub = {
        id: id('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        created: start,
        metadata: session.subscription_data?.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price,
              current_period_start: start,
              current_period_end: start + period,
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      return { session, subscription: sub, invoice: invoiceFor(sub) };
    },
    updateSubscription(subId, patch) {
      const sub = subscriptions.get(subId);
      if (!sub) throw new Error(`no subscription ${subId}`);
      Object.assign(sub, patch);
      return sub;
    },
    renew(subId, { paid = true } = {}) {
      const sub = subscriptions.get(subId);
      const item = sub.items.data[0];
      const length = item.current_period_end - item.current_period_start;
      if (paid) {
        item.current_period_start = item.current_period_end;
        item.current_period_end += length;
        sub.status = 'active';
      } else {
        sub.status = 'past_due';
      }
      return invoiceFor(sub, paid);
    },
    event(type, object, created = now()) {
      return { id: id('evt'), object: 'event', type, created, data: { object: structuredClone(object) } };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
