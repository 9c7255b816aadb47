import type { Language } from '@chorus/shared/languages';
import { formatPrice, PLANS } from '@chorus/shared/plans';
import { type RequestHandler, type Response, Router } from 'express';
import { escapeHtml } from '../../../platform/html.ts';
import { msg, requestLanguage, translate } from '../../../platform/i18n.ts';
import type { AppServices } from '../../../platform/module.ts';
import { anyone, type SignedInCall } from '../../../rest/adapter.ts';

/**
 * The sandbox's "hosted checkout" and "billing portal": small server-rendered pages, used only when
 * no Stripe keys are set. Pay and Cancel post back here; the service turns them into the events
 * Stripe would send and runs them through the same fulfilment as real webhooks, then the browser is
 * sent where Stripe would send it.
 *
 * The pages are written in the request's language (Accept-Language: api/src/platform/i18n.ts), their
 * texts in the `server` catalogues; plan names are product names and stay as they are.
 */

/** A text of the catalogues in `language`, escaped for HTML (its values are inserted as plain text). */
const html = (language: Language, text: string, values?: Record<string, unknown>) =>
  escapeHtml(translate(language, text, values));

const localeOf = (language: Language) => (language === 'en' ? 'en-US' : language);

function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${html(language, msg('{title} · Chorus sandbox'), { title })}</title>
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
<body><div class="banner" role="note">${html(language, msg('TEST MODE · Sandbox checkout · no real payment is taken'))}</div>
<main>${body}</main></body></html>`;
}

/** `title` is plain text (escaped here); `body` is HTML. */
function sendPage(res: Response, language: Language, status: number, title: string, body: string) {
  res
    .status(status)
    .type('html')
    .send(page(language, title, body));
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

const dateFmt = (d: Date | null, language: Language) =>
  d ? d.toLocaleDateString(localeOf(language), { day: 'numeric', month: 'long', year: 'numeric' }) : '—';

/** A subscription's status as the portal shows it (English: the status itself); another one as it is. */
const STATUS_TEXT: Record<string, string> = {
  active: msg('active'),
  trialing: msg('trialing'),
  past_due: msg('past_due'),
  canceled: msg('canceled'),
  unpaid: msg('unpaid'),
  incomplete: msg('incomplete'),
};

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
      const language = requestLanguage(req.headers['accept-language']);
      const id = String(req.params.id);
      const session = await billing.requireSandbox().sessionForPage(id, userId);
      if (!session) {
        const notFound = msg('Checkout not found');
        sendPage(
          res,
          language,
          404,
          translate(language, notFound),
          `<div class="card"><h1>${html(language, notFound)}</h1></div>`,
        );
        return;
      }
      const plan = PLANS[session.planType];
      const yearly = plan.period === 'year';
      if (session.status !== 'open') {
        const next = session.status === 'complete' ? session.successUrl : session.cancelUrl;
        sendPage(
          res,
          language,
          200,
          translate(language, msg('Checkout closed')),
          `<div class="card"><h1>${html(language, session.status === 'complete' ? msg('This checkout is paid') : msg('This checkout is closed'))}</h1>
           <div class="actions"><a class="btn primary" href="${escapeHtml(next)}">${html(language, msg('Return to Chorus'))}</a></div></div>`,
        );
        return;
      }
      const action = `/api/billing/sandbox/checkout/${encodeURIComponent(id)}`;
      const price = formatPrice(plan.amountCents, language);
      sendPage(
        res,
        language,
        200,
        translate(language, msg('Subscribe to {plan}'), { plan: plan.name }),
        `<div class="card">
          <p class="muted">Chorus</p>
          <h1>${html(language, yearly ? msg('Subscribe to Chorus {plan} (yearly)') : msg('Subscribe to Chorus {plan} (monthly)'), { plan: plan.name })}</h1>
          <p class="price">${escapeHtml(price)} <span class="muted" style="font-size:1rem;font-weight:500">${html(language, yearly ? msg('per year') : msg('per month'))}</span></p>
          <p class="muted">${html(language, msg('This is the sandbox checkout: Stripe keys are not configured, so paying here activates the plan without charging any card.'))}</p>
          <div class="actions">
            <form method="post" action="${action}/pay"><button class="primary" type="submit">${html(language, msg('Pay {price} (test)'), { price })}</button></form>
            <form method="post" action="${action}/cancel"><button class="secondary" type="submit">${html(language, msg('Cancel and return'))}</button></form>
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
      const language = requestLanguage(req.headers['accept-language']);
      const back = safeReturn(req.query.return);
      const sub = await billing.subscriptionOf(em, userId);
      const plan = PLANS[sub.planType];
      const paid = sub.planType !== 'free';
      const yearly = plan.period === 'year';
      const price = formatPrice(plan.amountCents, language);
      const statusText = STATUS_TEXT[sub.status];
      const status = sub.cancelAtPeriodEnd
        ? translate(language, msg('Cancels at period end'))
        : statusText
          ? translate(language, statusText)
          : sub.status;
      const form = (action: string, label: string, cls = 'secondary') =>
        `<form method="post" action="/api/billing/sandbox/portal/${action}?return=${encodeURIComponent(back)}"><button class="${cls}" type="submit">${html(language, label)}</button></form>`;
      sendPage(
        res,
        language,
        200,
        translate(language, msg('Billing portal')),
        `<div class="card">
          <p class="muted">${html(language, msg('Chorus billing portal'))}</p>
          <h1>${paid ? html(language, yearly ? msg('{plan} (yearly)') : msg('{plan} (monthly)'), { plan: plan.name }) : escapeHtml(plan.name)}</h1>
          <dl>
            <dt>${html(language, msg('Price'))}</dt><dd>${paid ? html(language, yearly ? msg('{price} per year') : msg('{price} per month'), { price }) : escapeHtml(formatPrice(0, language))}</dd>
            <dt>${html(language, msg('Status'))}</dt><dd>${escapeHtml(status)}</dd>
            <dt>${html(language, sub.cancelAtPeriodEnd ? msg('Ends on') : msg('Renews on'))}</dt><dd>${escapeHtml(dateFmt(sub.currentPeriodEnd, language))}</dd>
          </dl>
          <div class="actions">
            ${paid && !sub.cancelAtPeriodEnd ? form('cancel_at_period_end', msg('Cancel plan at period end')) : ''}
            ${paid && sub.cancelAtPeriodEnd ? form('resume', msg('Keep my plan'), 'primary') : ''}
            ${paid ? form('cancel_now', msg('Cancel plan now')) : ''}
            <a class="btn primary" href="${escapeHtml(back)}">${html(language, msg('Return to Chorus'))}</a>
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
