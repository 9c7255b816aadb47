import { formatUsd, PLANS } from '@chorus/shared/plans';
import { type RequestHandler, type Response, Router } from 'express';
import { escapeHtml } from '../../../platform/html.ts';
import type { AppServices } from '../../../platform/module.ts';
import { anyone, type SignedInCall } from '../../../rest/adapter.ts';

/**
 * The sandbox's "hosted checkout" and "billing portal": small server-rendered pages, used only when
 * no Stripe keys are set. Pay and Cancel post back here; the service turns them into the events
 * Stripe would send and runs them through the same fulfilment as real webhooks, then the browser is
 * sent where Stripe would send it.
 */

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)} · Chorus sandbox</title>
<style>
  :root { color-scheme: light dark; --bg:#f6f7fb; --card:#fff; --fg:#1a1b23; --muted:#5b5f6e; --accent:#6d28d9; --warn:#b45309; --warnbg:#fef3c7; }
  @media (prefers-color-scheme: dark) { :root { --bg:#0f1016; --card:#1a1b24; --fg:#eceef5; --muted:#a4a8b8; --accent:#a78bfa; --warn:#fbbf24; --warnbg:#3a2a05; } }
  * { box-sizing: border-box; }
  body { margin:0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background:var(--bg); color:var(--fg); }
  .banner { background:var(--warnbg); color:var(--warn); font-weight:700; text-align:center; padding:10px 16px; letter-spacing:.04em; }
  main { max-width:440px; margin:32px auto; padding:0 16px; }
  .card { background:var(--card); border-radius:14px; padding:24px; box-shadow:0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size:1.35rem; margin:0 0 4px; } .muted { color:var(--muted); }
  .price { font-size:2rem; font-weight:800; margin:16px 0 4px; }
  form { margin:0; } .actions { display:flex; flex-direction:column; gap:10px; margin-top:20px; }
  button, a.btn { font:inherit; font-weight:600; border-radius:10px; padding:12px 16px; cursor:pointer; text-align:center; text-decoration:none; border:1px solid var(--accent); width:100%; display:block; }
  .primary { background:var(--accent); color:#fff; } .secondary { background:transparent; color:var(--accent); }
  button:focus-visible, a.btn:focus-visible { outline:3px solid var(--accent); outline-offset:2px; }
  dl { display:grid; grid-template-columns:auto 1fr; gap:6px 12px; margin:16px 0 0; } dt { color:var(--muted); }
</style></head>
<body><div class="banner" role="note">TEST MODE · Sandbox checkout · no real payment is taken</div>
<main>${body}</main></body></html>`;
}

function sendPage(res: Response, status: number, title: string, body: string) {
  res.status(status).type('html').send(page(title, body));
}

const SAME_ORIGIN = 'http://chorus.invalid';

/**
 * Only same-origin paths are followed after the portal (no open redirect). Browsers drop tabs and
 * line breaks from URLs and read `\` as `/`, so `/%09/evil.example` would be `//evil.example`: the
 * value is refused if it holds any of those, and must resolve, as the browser would, to our origin.
 */
function safeReturn(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/plans';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/plans';
  try {
    const url = new URL(value, SAME_ORIGIN);
    return url.origin === SAME_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : '/plans';
  } catch {
    return '/plans';
  }
}

const dateFmt = (d: Date | null) =>
  d ? d.toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric' }) : '—';

export function billingSandboxRoutes(services: AppServices): Router {
  const { billing } = services;
  /** A sandbox page or form: signed-out visitors go to log in, as Stripe's pages would need the customer. */
  const customer = (fn: (call: SignedInCall) => Promise<void>): RequestHandler =>
    anyone(services, async ({ userId, ...call }) => {
      if (!userId) return call.res.redirect(303, '/login');
      await fn({ userId, ...call });
    });
  const r = Router();
  // Everything here exists only while the sandbox is the gateway.
  r.use('/billing/sandbox', (_req, _res, next) => {
    billing.requireSandbox();
    next();
  });

  r.get(
    '/billing/sandbox/checkout/:id',
    customer(async ({ userId, req, res }) => {
      const id = String(req.params.id);
      const session = await billing.requireSandbox().sessionForPage(id, userId);
      if (!session) {
        sendPage(res, 404, 'Checkout not found', '<div class="card"><h1>Checkout not found</h1></div>');
        return;
      }
      const plan = PLANS[session.planType];
      const per = plan.period === 'year' ? 'year' : 'month';
      if (session.status !== 'open') {
        const next = session.status === 'complete' ? session.successUrl : session.cancelUrl;
        sendPage(
          res,
          200,
          'Checkout closed',
          `<div class="card"><h1>This checkout is ${session.status === 'complete' ? 'paid' : 'closed'}</h1>
           <div class="actions"><a class="btn primary" href="${escapeHtml(next)}">Return to Chorus</a></div></div>`,
        );
        return;
      }
      const action = `/api/billing/sandbox/checkout/${encodeURIComponent(id)}`;
      sendPage(
        res,
        200,
        `Subscribe to ${plan.name}`,
        `<div class="card">
          <p class="muted">Chorus</p>
          <h1>Subscribe to Chorus ${escapeHtml(plan.name)} (${per === 'year' ? 'yearly' : 'monthly'})</h1>
          <p class="price">${formatUsd(plan.amountCents)} <span class="muted" style="font-size:1rem;font-weight:500">per ${per}</span></p>
          <p class="muted">This is the sandbox checkout: Stripe keys are not configured, so paying here activates the plan without charging any card.</p>
          <div class="actions">
            <form method="post" action="${action}/pay"><button class="primary" type="submit">Pay ${formatUsd(plan.amountCents)} (test)</button></form>
            <form method="post" action="${action}/cancel"><button class="secondary" type="submit">Cancel and return</button></form>
          </div>
        </div>`,
      );
    }),
  );

  r.post(
    '/billing/sandbox/checkout/:id/pay',
    customer(async ({ userId, req, res }) => {
      res.redirect(303, await billing.requireSandbox().pay(userId, String(req.params.id)));
    }),
  );

  r.post(
    '/billing/sandbox/checkout/:id/cancel',
    customer(async ({ userId, req, res }) => {
      res.redirect(303, await billing.requireSandbox().cancel(userId, String(req.params.id)));
    }),
  );

  r.get(
    '/billing/sandbox/portal',
    customer(async ({ em, userId, req, res }) => {
      const back = safeReturn(req.query.return);
      const sub = await billing.subscriptionOf(em, userId);
      const plan = PLANS[sub.planType];
      const paid = sub.planType !== 'free';
      const form = (action: string, label: string, cls = 'secondary') =>
        `<form method="post" action="/api/billing/sandbox/portal/${action}?return=${encodeURIComponent(back)}"><button class="${cls}" type="submit">${label}</button></form>`;
      sendPage(
        res,
        200,
        'Billing portal',
        `<div class="card">
          <p class="muted">Chorus billing portal</p>
          <h1>${escapeHtml(plan.name)}${paid ? ` (${plan.period === 'year' ? 'yearly' : 'monthly'})` : ''}</h1>
          <dl>
            <dt>Price</dt><dd>${paid ? `${formatUsd(plan.amountCents)} per ${plan.period}` : '$0'}</dd>
            <dt>Status</dt><dd>${escapeHtml(sub.cancelAtPeriodEnd ? 'Cancels at period end' : sub.status)}</dd>
            <dt>${sub.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt><dd>${dateFmt(sub.currentPeriodEnd)}</dd>
          </dl>
          <div class="actions">
            ${paid && !sub.cancelAtPeriodEnd ? form('cancel_at_period_end', 'Cancel plan at period end') : ''}
            ${paid && sub.cancelAtPeriodEnd ? form('resume', 'Keep my plan', 'primary') : ''}
            ${paid ? form('cancel_now', 'Cancel plan now') : ''}
            <a class="btn primary" href="${escapeHtml(back)}">Return to Chorus</a>
          </div>
        </div>`,
      );
    }),
  );

  r.post(
    '/billing/sandbox/portal/:action',
    customer(async ({ em, userId, req, res }) => {
      const action = String(req.params.action);
      if (action === 'cancel_at_period_end' || action === 'resume' || action === 'cancel_now') {
        await billing.requireSandbox().changeSubscription(em, userId, action);
      }
      res.redirect(
        303,
        `/api/billing/sandbox/portal?return=${encodeURIComponent(safeReturn(req.query.return))}`,
      );
    }),
  );

  return r;
}
