import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillRegisterForm, registerByApi } from './support/accounts.ts';
import {
  looks,
  type Mode,
  modeContext,
  screenshot,
  shotsFolder,
  uniqueName,
  useBrowser,
  viewports,
} from './support/browser.ts';
import { totpCode } from './support/twoFactor.ts';

/**
 * A default install (no SMTP_URL, no PUBLIC_URL, no Stripe keys), as a new user meets it: Start
 * Free picks Free; the default (Premium) sign-up goes on to checkout though the address is not
 * verified yet; the verify banner links to the mail kept in the local outbox and "Resend link" waits
 * calmly; an e-mail change asks for the current password; deleting an account with two-factor asks
 * for the code; and the theme follows the device until the user picks one, also after sign-in.
 */
const PASSWORD = 'correct-horse';
const SHOTS = shotsFolder('account-mail');

let browser: Browser;
useBrowser((b) => {
  browser = b;
});

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.join(SHOTS, `${name}.png`), fullPage: true });
const errorToasts = (page: Page) => page.locator('[data-type=error]').count();

/** A fresh context in `look`, its page signed in as a new account (`prefix_…`, address not verified yet). */
async function signedUpPage(look: Mode, prefix: string) {
  const ctx = await modeContext(browser, look);
  const page = await ctx.newPage();
  const username = uniqueName(prefix);
  await registerByApi(page.request, username, { password: PASSWORD });
  return { ctx, page, username };
}

describe('sign-up on a default install', () => {
  it('Start Free on the landing page opens sign-up with Free picked (desktop and phone)', async () => {
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      const ctx = await modeContext(browser, { colorScheme: 'light', viewport });
      const page = await ctx.newPage();
      await page.goto('/');
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Start Free' }).first().click();
      await page.waitForURL('**/register?plan=free');
      expect(await page.getByRole('radio', { name: /Free/ }).isChecked()).toBe(true);
      await ctx.close();
    }
  });

  it('the default plan (Premium) goes on to checkout while the address is unverified', async () => {
    const ctx = await modeContext(browser, looks[0]);
    const page = await ctx.newPage();
    await page.goto('/register');
    expect(await page.getByRole('radio', { name: /Premium/ }).isChecked()).toBe(true);
    const username = uniqueName('prem');
    await fillRegisterForm(page, username, PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/api\/billing\/sandbox\/checkout\//, { timeout: 20_000 });
    expect((await (await page.request.get('/api/auth/status')).json()).emailVerified).toBe(false);
    await ctx.close();
  });

  for (const look of looks) {
    it(`the verify banner links to the outbox preview; Resend right away waits, no error (${look.name})`, async () => {
      const { ctx, page } = await signedUpPage(look, 'vb');
      await page.goto('/plans');
      const banner = page.getByTestId('verify-email-banner');
      await banner.waitFor();
      const resend = banner.getByRole('button', { name: /Resend link/ });
      await expect.poll(() => resend.textContent()).toMatch(/Resend link \(\d+ s\)/);
      expect(await resend.isDisabled()).toBe(true);
      await banner.getByText('Sent just now').waitFor();
      const preview = banner.getByTestId('verify-email-preview');
      await preview.waitFor();
      await shot(page, `plans-verify-banner-${look.name}`);
      expect(await errorToasts(page)).toBe(0);

      // The preview opens the mail; its link verifies the address.
      const href = (await preview.getAttribute('href')) as string;
      const mail = await ctx.newPage();
      await mail.goto(href);
      await mail.getByText('Confirm your e-mail address for Chorus').first().waitFor();
      await mail.getByRole('link', { name: /verify-email\?token=/ }).click();
      await mail.getByText('Your e-mail address is verified.').waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'My Plan' }).waitFor();
      expect(await page.getByTestId('verify-email-banner').count()).toBe(0);
      await ctx.close();
    });
  }
});

describe('a checkout that cannot start after sign-up', () => {
  for (const look of [looks[0], looks[3]]) {
    it(`says so on /plans under the verify banner, in view on the screen (${look.name})`, async () => {
      const { ctx, page } = await signedUpPage(look, 'pse');
      await page.goto('/chat');
      // What startCheckout leaves for /plans when the server refuses the session.
      await page.evaluate(() =>
        sessionStorage.setItem('chorus.checkoutSetupError', 'Failed to create checkout session'),
      );
      await page.goto('/plans');
      const notice = page.getByTestId('payment-setup-error');
      await notice.getByText('Payment Setup Error').waitFor();
      const banner = await page.getByTestId('verify-email-banner').boundingBox();
      const box = await notice.boundingBox();
      expect(box && banner && box.y >= banner.y + banner.height).toBe(true);
      expect(box && box.x >= 0 && box.x + box.width <= look.viewport.width).toBe(true);
      await shot(page, `plans-setup-error-${look.name}`);
      // Once: a reload shows it no more.
      await page.reload();
      await page.getByRole('heading', { name: 'My Plan' }).waitFor();
      expect(await notice.count()).toBe(0);
      await ctx.close();
    });
  }
});

describe('account security forms', () => {
  it('an e-mail change asks for the current password, with clear errors', async () => {
    for (const look of [looks[0], looks[3]]) {
      const { ctx, page, username } = await signedUpPage(look, 'em');
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      expect(await page.getByLabel('Current password').count()).toBe(0);
      await page.getByLabel('Email').fill(`${username}@example.net`);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Please enter your current password to change your e-mail address').waitFor();
      await page.getByLabel('Current password').fill('wrong-password');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Your current password is not correct').waitFor();
      await shot(page, `profile-email-change-${look.name}`);
      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Profile Updated').first().waitFor();
      const status = await (await page.request.get('/api/auth/status')).json();
      expect(status.email).toBe(`${username}@example.net`);
      await ctx.close();
    }
  });

  it('deleting an account with two-factor asks for the code and takes it', async () => {
    for (const look of [looks[1], looks[2]]) {
      const { ctx, page, username } = await signedUpPage(look, 'del');
      const setup = await (await page.request.post('/api/auth/2fa/totp/setup')).json();
      const enabled = await page.request.post('/api/auth/2fa/totp/enable', {
        data: { code: totpCode(setup.secret) },
      });
      expect(enabled.status()).toBe(200);

      await page.goto('/profile');
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByLabel('Your password').fill(PASSWORD);
      const code = page.getByLabel('Authenticator or recovery code');
      await code.waitFor();
      await page.getByRole('button', { name: 'Delete my account for good' }).click();
      await page.getByText('Please enter the code from your authenticator app or a recovery code').waitFor();
      await code.fill('000000');
      await page.getByRole('button', { name: 'Delete my account for good' }).click();
      await page.getByText('The second-factor code is not correct').waitFor();
      await shot(page, `profile-delete-2fa-${look.name}`);
      await code.fill(totpCode(setup.secret, 1));
      await page.getByRole('button', { name: 'Delete my account for good' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect((await page.request.get('/api/auth/status')).status()).toBe(401);
      const login = await page.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
      expect(login.status()).toBe(401);
      await ctx.close();
    }
  });
});

describe('appearance', () => {
  it('a dark device stays dark after sign-in until the user picks; a pick is kept', async () => {
    const ctx = await modeContext(browser, looks[3]);
    const page = await ctx.newPage();
    const username = uniqueName('dk');
    // Made elsewhere without a chosen appearance (the REST call, another device).
    await ctx.request.post('/api/auth/register', {
      data: { username, email: `${username}@example.com`, password: PASSWORD },
    });
    await ctx.clearCookies();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/chat', { timeout: 15_000 });
    // Give the saved-settings sync its time, then it must still be dark.
    await page.waitForTimeout(1500);
    expect(await isDark()).toBe(true);
    await page.reload();
    await page.waitForTimeout(1000);
    expect(await isDark()).toBe(true);

    // Picking light is kept, and saved as light.
    await page.getByRole('button', { name: 'Toggle dark mode' }).first().click();
    await expect.poll(isDark).toBe(false);
    await expect
      .poll(async () => (await (await page.request.get('/api/users/settings')).json()).theme)
      .toBe('light');
    await ctx.close();
  });
});
