import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi } from './support/accounts.ts';
import {
  expectNoSideScroll,
  hasHorizontalScroll,
  screenshot,
  uniqueName,
  useBrowser,
} from './support/browser.ts';
import { useJourneyApi } from './support/journeyApi.ts';
import { addVirtualAuthenticator, totpCode } from './support/twoFactor.ts';

/**
 * The account pages at 375 and 1280 px, light and dark, for a person to look at: /login with a
 * button per sign-in provider, /forgot-password, /reset-password, /verify-email, the profile's
 * Account Security card (authenticator QR, recovery codes, a passkey, sessions) and the login's
 * second step. Each page is also checked for horizontal scrolling. Screenshots go to SHOTS.
 */
const SHOTS = '/tmp/shots/accounts';
mkdirSync(SHOTS, { recursive: true });
const PASSWORD = 'correct-horse';

let browser: Browser;
useBrowser((b) => {
  browser = b;
});

const journey = useJourneyApi(() => ({
  // Buttons only: nothing is asked of these providers until one is clicked.
  OIDC_PROVIDERS: JSON.stringify([
    {
      id: 'google',
      name: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: 'screens',
      clientSecret: 'screens',
    },
    { id: 'github', name: 'GitHub', type: 'github', clientId: 'screens', clientSecret: 'screens' },
  ]),
}));

/** A one-time link's token for `userId`, stored hashed as the app stores its own. */
async function linkToken(userId: string, purpose: 'password_reset' | 'email_verify', email: string) {
  const token = randomBytes(32).toString('base64url');
  await journey.db.query(
    `insert into account_tokens (id, user_id, purpose, token_hash, email, expires_at)
     values (gen_random_uuid(), $1, $2, $3, $4, now() + interval '30 minutes')`,
    [userId, purpose, createHash('sha256').update(token).digest('hex'), email],
  );
  return token;
}

const widths = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

describe.each(widths.flatMap((viewport) => (['light', 'dark'] as const).map((mode) => ({ viewport, mode }))))(
  'account screens at $viewport.width px, $mode',
  ({ viewport, mode }) => {
    const tag = `${viewport.width}-${mode}`;
    let ctx: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      ctx = await browser.newContext({ baseURL: journey.url, viewport, colorScheme: mode });
      page = await ctx.newPage();
    });
    afterAll(async () => {
      await ctx?.close();
    });

    async function shot(name: string, options: { fullPage?: boolean } = { fullPage: true }) {
      await page.waitForTimeout(200); // fonts and the colour transition
      await screenshot(page, { path: path.join(SHOTS, `${name}-${tag}.png`), ...options });
      expect(await hasHorizontalScroll(page), `${name} scrolls sideways at ${tag}`).toBe(false);
    }

    it('the signed-out pages: login with providers, forgot, reset, verify', async () => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Sign in with Google' }).waitFor({ timeout: 15_000 });
      await page.getByRole('link', { name: 'Sign in with GitHub' }).waitFor();
      await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
      await shot('login');

      await page.goto('/forgot-password');
      await page.getByRole('button', { name: 'Send reset link' }).waitFor();
      await shot('forgot-password');

      const username = uniqueName('shot');
      const email = `${username}@example.com`;
      const userId = await registerByApi(ctx.request, username, {
        password: PASSWORD,
        darkMode: mode === 'dark',
      });
      await ctx.request.post('/api/auth/logout');
      await page.goto(`/reset-password?token=${await linkToken(userId, 'password_reset', email)}`);
      await page.getByRole('button', { name: 'Set new password' }).waitFor();
      await shot('reset-password');

      await page.goto(`/verify-email?token=${await linkToken(userId, 'email_verify', email)}`);
      await page.getByText('Your e-mail address is verified.').waitFor();
      await shot('verify-email');
      await page.goto(`/verify-email?token=${'A'.repeat(43)}`);
      await page.getByText(/invalid, already used or expired/).waitFor();
      await shot('verify-email-invalid');
    });

    it('the Account Security card: authenticator QR, recovery codes, passkey, sessions; then the second step', async () => {
      await addVirtualAuthenticator(ctx, page);
      const username = uniqueName('shot');
      await registerByApi(ctx.request, username, { password: PASSWORD, darkMode: mode === 'dark' });
      await page.goto('/profile');
      const card = page.getByTestId('account-security-card');
      await card.waitFor({ timeout: 15_000 });
      await shot('security-card');

      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await page.getByAltText('QR code for your authenticator app').waitFor();
      const secret = (await page.getByTestId('totp-secret').textContent())?.trim() as string;
      await card.scrollIntoViewIfNeeded();
      await shot('security-totp-qr');

      await page.getByLabel('Code from the app').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByTestId('recovery-codes').waitFor();
      await shot('security-recovery-codes');
      await page.getByRole('button', { name: 'I have saved them' }).click();

      await page.getByLabel('Passkey name').fill('This laptop');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByTestId('passkeys').getByText('This laptop').waitFor();
      await page.getByTestId('session').first().waitFor();
      await shot('security-passkey-sessions');

      // The login's second step, in a fresh browser of the same size and appearance.
      const next = await browser.newContext({ baseURL: journey.url, viewport, colorScheme: mode });
      const p2 = await next.newPage();
      await p2.goto('/login');
      await p2.getByLabel('Username').fill(username);
      await p2.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await p2.getByRole('button', { name: 'Log In' }).click();
      await p2.getByText('Two-factor authentication', { exact: true }).waitFor();
      await p2.waitForTimeout(200);
      await screenshot(p2, { path: path.join(SHOTS, `login-second-step-${tag}.png`), fullPage: true });
      await expectNoSideScroll(p2);
      await next.close();
    });
  },
);
