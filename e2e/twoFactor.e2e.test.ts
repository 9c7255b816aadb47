import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { oidcProvidersEnv, startOidcProvider, type TestOidcProvider } from '../tests/support/oidcProvider.ts';
import { registerByApi } from './support/accounts.ts';
import { baseUrl, screenshot, uniqueName, useBrowser, viewports } from './support/browser.ts';
import { useJourneyApi } from './support/journeyApi.ts';
import { addVirtualAuthenticator, totpCode } from './support/twoFactor.ts';

/**
 * Two-factor sign-in and external sign-in as a person does them in Chromium: an authenticator app
 * enrolled from the profile (the code computed here from the secret the page shows), a recovery
 * code, a passkey on Chromium's virtual authenticator (CDP WebAuthn), and OpenID Connect against a
 * real oidc-provider run by this test.
 */
const PASSWORD = 'correct-horse';
const SHOTS = path.join(os.tmpdir(), 'chorus-e2e-2fa');
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
useBrowser((b) => {
  browser = b;
});

/** WebAuthn needs a domain name as the relying party: the api's own PUBLIC_URL host, localhost. */
const localhostUrl = (url: string) => url.replace('127.0.0.1', 'localhost');

async function context(url: string, options: { dark?: boolean; mobile?: boolean } = {}) {
  return browser.newContext({
    baseURL: url,
    viewport: options.mobile ? viewports.mobile : viewports.desktop,
    colorScheme: options.dark ? 'dark' : 'light',
  });
}

async function register(ctx: BrowserContext, dark = false) {
  const username = uniqueName('tf');
  return { username, id: await registerByApi(ctx.request, username, { password: PASSWORD, darkMode: dark }) };
}

async function passwordStep(page: Page, username: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log In' }).waitFor({ timeout: 15_000 });
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByText('Two-factor authentication', { exact: true }).waitFor();
  // Not signed in yet.
  expect((await page.request.get('/api/auth/status')).status()).toBe(401);
}

describe('two-factor journeys', () => {
  it('enrols an authenticator app from the profile, then signs in with a code and with a recovery code', async () => {
    const ctx = await context(baseUrl());
    const page = await ctx.newPage();
    const { username } = await register(ctx);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByAltText('QR code for your authenticator app').waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, { path: path.join(SHOTS, 'profile-totp-setup-1280-light.png'), fullPage: true });
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codesList = page.getByTestId('recovery-codes');
    await codesList.waitFor();
    const codes = (await codesList.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await screenshot(page, {
      path: path.join(SHOTS, 'profile-recovery-codes-1280-light.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Recovery codes left:').waitFor();
    expect(await page.getByTestId('recovery-codes').count()).toBe(0);
    await ctx.close();

    // A new browser: password, then the code the app shows now (the next one: this one was used).
    const second = await context(baseUrl(), { mobile: true, dark: true });
    const p2 = await second.newPage();
    await passwordStep(p2, username);
    await screenshot(p2, { path: path.join(SHOTS, 'login-second-step-375-dark.png'), fullPage: true });
    await p2.getByLabel('Authentication code').fill('000000');
    await p2.getByRole('button', { name: 'Verify' }).click();
    await p2.getByText('That code is not right').waitFor();
    await p2.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await p2.getByRole('button', { name: 'Verify' }).click();
    await p2.waitForURL('**/chat', { timeout: 15_000 });
    expect((await (await p2.request.get('/api/auth/status')).json()).username).toBe(username);
    await second.close();

    // Another: a recovery code instead.
    const third = await context(baseUrl());
    const p3 = await third.newPage();
    await passwordStep(p3, username);
    await p3.getByLabel('Authentication code').fill(codes[0] as string);
    await p3.getByRole('button', { name: 'Verify' }).click();
    await p3.waitForURL('**/chat', { timeout: 15_000 });
    await p3.goto('/profile');
    await p3.getByText('Recovery codes left:').waitFor();
    expect(await p3.getByTestId('two-factor').textContent()).toContain('Recovery codes left: 9');
    await third.close();
  });

  it('registers a passkey on a virtual authenticator and signs in with it, with and without a password', async () => {
    const url = localhostUrl(baseUrl());
    const ctx = await context(url, { dark: true });
    const page = await ctx.newPage();
    const { cdp, authenticatorId } = await addVirtualAuthenticator(ctx, page);
    const { username } = await register(ctx, true);
    await page.goto('/profile');
    await page.getByLabel('Passkey name').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByTestId('passkeys').getByText('Test laptop').waitFor();
    await screenshot(page, { path: path.join(SHOTS, 'profile-passkey-1280-dark.png'), fullPage: true });
    // A discoverable credential for this site, on the authenticator.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // Passwordless: signed out, "Sign in with a passkey".
    await page.request.post('/api/auth/logout');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/chat', { timeout: 15_000 });
    expect((await (await page.request.get('/api/auth/status')).json()).username).toBe(username);

    // As the second factor after the password.
    await page.request.post('/api/auth/logout');
    await passwordStep(page, username);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL('**/chat', { timeout: 15_000 });
    expect((await (await page.request.get('/api/auth/status')).json()).username).toBe(username);
    await ctx.close();
  });
});

describe('Sign in with OpenID Connect', () => {
  let op: TestOidcProvider;
  const journey = useJourneyApi(async (url) => {
    op = await startOidcProvider([`${url}/api/auth/oidc/testop/callback`]);
    return { OIDC_PROVIDERS: oidcProvidersEnv(op) };
  });
  afterAll(async () => {
    await op?.close();
  });

  async function signInAtProvider(page: Page, sub: string) {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Test OP' }).click();
    await page.locator('input[name="login"]').fill(sub);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('creates an account on the first sign-in', async () => {
    const ctx = await context(journey.url, { mobile: true });
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Test OP' }).waitFor();
    await screenshot(page, { path: path.join(SHOTS, 'login-providers-375-light.png'), fullPage: true });
    const name = uniqueName('op');
    op.addNewcomer(name);
    await signInAtProvider(page, `sub-${name}`);
    await page.waitForURL('**/chat', { timeout: 15_000 });
    const status = await (await page.request.get('/api/auth/status')).json();
    expect(status).toMatchObject({ username: name, email: `${name}@op.example` });
    await ctx.close();
  });

  it('links to an existing account by an e-mail verified on both sides, and explains a refusal', async () => {
    const ctx = await context(journey.url);
    const page = await ctx.newPage();
    const { username, id } = await register(ctx);
    await page.request.post('/api/auth/logout');
    op.addAccount({ sub: `sub-${username}`, email: `${username}@example.com`, email_verified: true });

    // The account's address is not verified yet: refused, with the reason on /login.
    await signInAtProvider(page, `sub-${username}`);
    await page
      .getByText(/already exists/)
      .first()
      .waitFor();
    expect((await page.request.get('/api/auth/status')).status()).toBe(401);

    await journey.db.query('update users set email_verified_at = now() where id = $1', [id]);
    await ctx.close();
    // Another browser (the provider's own session from the first try would skip its forms).
    const next = await context(journey.url);
    const p2 = await next.newPage();
    await signInAtProvider(p2, `sub-${username}`);
    await p2.waitForURL('**/chat', { timeout: 15_000 });
    expect((await (await p2.request.get('/api/auth/status')).json()).id).toBe(id);
    await next.close();
  });
});
