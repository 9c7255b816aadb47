import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { markEmailVerified } from './support/accounts.ts';
import { baseUrl, uniqueName, useBrowser, viewports } from './support/browser.ts';

/**
 * The Content-Security-Policy lets every page do all it does: the built pages, public and signed
 * in, and the GraphQL explorer run with no CSP violation. And no page of Chorus can be framed, not
 * even by another page of the same site.
 */

const PUBLIC_ROUTES = ['/', '/login', '/register', '/features', '/community-videos', '/no-such-page'];
const SIGNED_IN_ROUTES = ['/chat', '/settings', '/plans', '/files', '/friends', '/messages', '/gallery'];

let browser: Browser;
useBrowser((b) => {
  browser = b;
});

/** Collects CSP violations (the event, and Chromium's console message) for every page of a context. */
async function watchViolations(context: BrowserContext, found: string[]) {
  await context.exposeBinding('reportCspViolation', ({ page }, text: string) => {
    found.push(`${new URL(page.url()).pathname}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) found.push(message.text());
  });
}

async function visit(page: Page, route: string) {
  await page.goto(route, { waitUntil: 'load' });
  await page.locator('h1, #ruru-root *').first().waitFor({ timeout: 15_000 });
  // Let the deferred start-up, lazy chunks and the subscription socket happen.
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

describe('Content-Security-Policy in Chromium', () => {
  it('no violation on public pages, signed-in pages or the explorer', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop, baseURL: baseUrl() });
    const found: string[] = [];
    await watchViolations(context, found);
    const page = await context.newPage();
    try {
      for (const route of PUBLIC_ROUTES) await visit(page, route);
      const username = uniqueName('csp');
      const res = await context.request.post('/api/auth/register', {
        data: { username, email: `${username}@example.com`, password: 'secret123' },
      });
      expect(res.status()).toBe(201);
      // Checkout (below) waits for a verified e-mail address (issue 17).
      await markEmailVerified(username);
      for (const route of SIGNED_IN_ROUTES) await visit(page, route);
      // The chat works under the policy: a message goes out and its answer streams back.
      await page.goto('/chat');
      const composer = page.getByRole('textbox').first();
      await composer.fill('Hello from the CSP check');
      await composer.press('Enter');
      await page.getByText('Hello from the CSP check').first().waitFor({ timeout: 15_000 });
      // The sandbox checkout's own pages (server-written HTML under /api, with the fixed policy).
      const checkout = await context.request.post('/api/subscription/checkout', {
        data: { planType: 'premium' },
      });
      const { url } = (await checkout.json()) as { url: string };
      await visit(page, url);
      await visit(page, '/api/billing/sandbox/portal?return=/plans');
      await visit(page, '/graphiql');
      await page.locator('.graphiql-container').first().waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
    expect(found).toEqual([]);
  });

  it('refuses to be framed, even by a page of the same site', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop, baseURL: baseUrl() });
    const page = await context.newPage();
    try {
      await page.goto('/login');
      const framed = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
      await page.evaluate(() => {
        const frame = document.createElement('iframe');
        frame.src = '/chat';
        document.body.append(frame);
      });
      await framed;
      const child = page.frames().find((f) => f !== page.mainFrame());
      // Blocked: the frame holds Chromium's error page, not Chorus.
      expect(await child?.evaluate(() => document.querySelector('#root'))).toBeFalsy();
    } finally {
      await context.close();
    }
  });
});
