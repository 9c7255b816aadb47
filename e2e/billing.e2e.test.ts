import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerThroughForm } from './support/accounts.ts';
import { expectNoSideScroll, newPage, screens, uniqueName, useBrowser } from './support/browser.ts';

/**
 * Plans and payments as a customer meets them, with no Stripe keys: the built-in sandbox checkout
 * (a test-mode page) stands in for Stripe's hosted checkout and drives the same fulfilment.
 */
let browser: Browser;
useBrowser((b) => {
  browser = b;
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

const registerWith = (page: Page, plan: RegExp) =>
  registerThroughForm(page, { username: uniqueName('pay'), password: 'secret123', plan });

describe.each(screens)('billing journey on %s', (_name, viewport) => {
  it('registers on Premium, pays in the sandbox checkout and lands on My Plan with the celebration', async () => {
    const { context, page } = await newPage(browser, viewport);
    // Checkout doesn't wait for the e-mail address to be verified (Stripe collects the payer's).
    await registerWith(page, /^Premium/);
    await page.waitForURL('**/api/billing/sandbox/checkout/**', { timeout: 15_000 });
    await page.getByText('TEST MODE', { exact: false }).first().waitFor();
    await page.getByText('$12.99').first().waitFor();
    await expectNoSideScroll(page);
    await page.getByRole('button', { name: 'Pay $12.99 (test)' }).click();

    // Back on /plans with the query read and removed.
    await page.waitForURL((url) => url.pathname === '/plans' && url.search === '', { timeout: 15_000 });
    await toast(page, 'Payment successful!').waitFor();
    await page.getByTestId('celebration').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Premium!' });
    await dialog.waitFor();
    await page
      .getByTestId('current-plan')
      .filter({ hasText: /^Premium \(Monthly\)$/ })
      .waitFor();
    await dialog.getByRole('button', { name: 'Start exploring' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectNoSideScroll(page);

    // Cards: the monthly Premium card is current; Free's downgrade is disabled; yearly shows its prices.
    const premium = page.getByRole('group', { name: 'Premium plan' });
    expect(await premium.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    expect(await page.getByRole('group', { name: 'Free plan' }).getByRole('button').isDisabled()).toBe(true);
    await page.getByRole('button', { name: /Yearly/ }).click();
    const yearly = page.getByRole('group', { name: 'Premium yearly plan' });
    await yearly.getByText('$110', { exact: true }).waitFor();
    await yearly.getByText('$155.88').waitFor();
    await yearly.getByText('29% off').waitFor();
    await page.getByRole('group', { name: 'Max yearly plan' }).getByText('$1,100', { exact: true }).waitFor();

    // The celebration lasts 8 s.
    await page.getByTestId('celebration').waitFor({ state: 'detached', timeout: 12_000 });

    // Manage billing opens the (sandbox) billing portal.
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL('**/api/billing/sandbox/portal**');
    await page.getByRole('button', { name: 'Cancel plan at period end' }).click();
    await page.getByText('Cancels at period end').waitFor();
    await page.getByRole('link', { name: 'Return to Chorus' }).click();
    await page.waitForURL('**/plans');
    await page.getByText(/Your plan ends on/).waitFor();
    await context.close();
  });

  it('signs up on Max, cancels checkout and lands, signed in, on My Plan with the cancelled toast', async () => {
    const { context, page } = await newPage(browser, viewport);
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url());
    });
    await registerWith(page, /^Max/);
    await page.waitForURL('**/api/billing/sandbox/checkout/**', { timeout: 15_000 });
    await page.getByText('$119').first().waitFor();
    await page.getByRole('button', { name: 'Cancel and return' }).click();
    // The new account is signed in: My Plan, not the "Create your account" form.
    await page.waitForURL((url) => url.pathname === '/plans' && url.search === '', { timeout: 15_000 });
    // Cancelled from the sign-up's checkout: the sign-up flow's own wording.
    await toast(page, 'Payment cancelled').waitFor();
    expect(await page.getByRole('heading', { name: 'Create your account' }).count()).toBe(0);
    // Cancelled again from My Plan's button: My Plan's wording.
    await page
      .getByRole('group', { name: 'Max plan' })
      .getByRole('button', { name: 'Upgrade to Max' })
      .click();
    await page.waitForURL('**/api/billing/sandbox/checkout/**', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Cancel and return' }).click();
    await page.waitForURL((url) => url.pathname === '/plans' && url.search === '', { timeout: 15_000 });
    await toast(page, 'Payment canceled').waitFor();
    // Nothing the checkout page or the app asked for was missing (the sandbox page's favicon included).
    expect(missing).toEqual([]);
    // Still on Free.
    await page
      .getByTestId('current-plan')
      .filter({ hasText: /^Free$/ })
      .waitFor();
    await expectNoSideScroll(page);
    await context.close();
  });
});
