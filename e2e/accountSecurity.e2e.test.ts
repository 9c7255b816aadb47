import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiProcess, startApiProcess, startWorkerProcess } from '../scripts/lib/api-process.ts';
import { migrateDatabase } from '../scripts/lib/migrate.ts';
import { type FakeSmtp, startFakeSmtp } from '../tests/support/fakeSmtp.ts';
import { registerByApi } from './support/accounts.ts';
import { expectNoSideScroll, launchBrowser, screenshot, uniqueName, viewports } from './support/browser.ts';

/**
 * Issue 17 part A as a customer meets it: a password reset by e-mail, read from a real SMTP server
 * (smtp-server) this test runs, and the profile's sessions list with "sign out other sessions".
 * Mail needs SMTP_URL, so this journey runs its own api and worker on a database of its own (the
 * shared worker would otherwise take these jobs without a mail server to send them to).
 */
let browser: Browser;
let smtp: FakeSmtp;
let api: ApiProcess;
let worker: ApiProcess;
let base: string;
/** Screenshots for a person to look at (the account pages at 375 and 1280 px, light and dark). */
const shots = path.join(os.tmpdir(), 'chorus-account-security-shots');
mkdirSync(shots, { recursive: true });

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startFakeSmtp();
  const shared = inject('e2eDatabaseUrl');
  const name = `chorus_acct_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(shared);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await migrateDatabase(databaseUrl);
  const env = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'e2e-account-security-0123456789',
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_USERNAME: '100000',
  };
  api = await startApiProcess(env);
  worker = await startWorkerProcess(env);
  // Without PUBLIC_URL the links name http://localhost:{port}: the browser uses that origin too.
  base = api.url.replace('127.0.0.1', 'localhost');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await api?.stop();
  await smtp?.close();
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function signUpByApi(page: Page) {
  const username = uniqueName('acct');
  await registerByApi(page.request, username, { baseUrl: base });
  return username;
}

async function logIn(page: Page, username: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The link in the newest e-mail to `to` that points at `path`. */
async function linkFromMail(to: string, path: string): Promise<string> {
  const pattern = new RegExp(`http://localhost:\\d+${path}\\?token=[A-Za-z0-9_-]+`);
  const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  await expect
    .poll(() => smtp.messages.filter((m) => m.to.includes(to) && pattern.test(unfold(m.raw))).length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  const mail = smtp.messages.filter((m) => m.to.includes(to) && pattern.test(unfold(m.raw))).at(-1)!;
  return pattern.exec(unfold(mail.raw))![0];
}

describe('account security journeys', () => {
  it('resets a forgotten password through the link e-mailed to the SMTP server', async () => {
    const context = await browser.newContext({ viewport: viewports.mobile });
    const page = await context.newPage();
    const username = await signUpByApi(page);
    // Resets go to verified addresses only: the address is verified through its e-mailed link first.
    await page.goto(await linkFromMail(`${username}@example.com`, '/verify-email'));
    await page.getByText('Your e-mail address is verified.').waitFor();
    await context.clearCookies();

    await page.goto(`${base}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('E-mail address').fill(`${username}@example.com`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(/we have sent it a link to reset the password/).waitFor();
    await expectNoSideScroll(page);

    const link = await linkFromMail(`${username}@example.com`, '/reset-password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('fresh-pass-1');
    await page.getByLabel('Confirm new password').fill('fresh-pass-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed. Please log in with the new one.').waitFor();
    await screenshot(page, { path: `${shots}/reset-done-375-light.png` });

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('fresh-pass-2');
    await page.getByLabel('Confirm new password').fill('fresh-pass-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page
      .getByText(/invalid, already used or expired/)
      .first()
      .waitFor();

    await logIn(page, username, 'secret123');
    await toast(page, 'Login failed').waitFor();
    await logIn(page, username, 'fresh-pass-1');
    await page.waitForURL('**/chat', { timeout: 15_000 });
    await context.close();
  });

  // This journey used to fail now and then: the profile showed a stale "Please verify" banner after the
  // link was opened (the page didn't refresh the signed-in account); VerifyEmailPage now does.
  it("verifies the e-mail from the banner's link, lists sessions and signs out the others", async () => {
    const phone = await browser.newContext({
      viewport: viewports.mobile,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const desk = await browser.newContext({ viewport: viewports.desktop, colorScheme: 'dark' });
    const phonePage = await phone.newPage();
    const page = await desk.newPage();
    const username = await signUpByApi(page);
    await logIn(phonePage, username, 'secret123');
    await phonePage.waitForURL('**/chat', { timeout: 15_000 });

    // Unverified: the account pages say so and offer the link again.
    await page.goto(`${base}/profile`);
    const banner = page.getByTestId('verify-email-banner');
    await banner.waitFor();
    const link = await linkFromMail(`${username}@example.com`, '/verify-email');
    await page.goto(link);
    await page.getByText('Your e-mail address is verified.').waitFor();
    await page.getByRole('link', { name: 'Go to my profile' }).click();
    await page.getByRole('heading', { name: 'Account Security' }).waitFor();
    expect(await banner.count()).toBe(0);

    // Two sessions: this one ("This device") and the iPhone.
    const sessions = page.getByTestId('session');
    await expect.poll(() => sessions.count(), { timeout: 10_000 }).toBe(2);
    await page.getByText('Safari on iOS').waitFor();
    await page.getByText('This device', { exact: true }).waitFor();
    await screenshot(page, { path: `${shots}/security-card-1280-light.png`, fullPage: true });

    // Change the password: "Last changed" shows today.
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByLabel('Current password').fill('secret123');
    await page.getByLabel('New password', { exact: true }).fill('changed-pass-1');
    await page.getByLabel('Confirm new password').fill('changed-pass-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await toast(page, 'Password changed').waitFor();
    const today = new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
    await page
      .getByTestId('password-changed')
      .filter({ hasText: `Last changed: ${today}` })
      .waitFor();
    // Changing the password signed the phone out.
    await expect.poll(() => sessions.count(), { timeout: 10_000 }).toBe(1);
    await phonePage.goto(`${base}/profile`);
    await phonePage.waitForURL('**/login**', { timeout: 15_000 });

    // Sign in on the phone again, then "Sign out other sessions" from the desk.
    await logIn(phonePage, username, 'changed-pass-1');
    await phonePage.waitForURL('**/chat', { timeout: 15_000 });
    await page.reload();
    await expect.poll(() => sessions.count(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('button', { name: 'Sign out other sessions' }).click();
    await toast(page, 'Signed out').waitFor();
    await expect.poll(() => sessions.count(), { timeout: 10_000 }).toBe(1);
    await phonePage.goto(`${base}/profile`);
    await phonePage.waitForURL('**/login**', { timeout: 15_000 });
    await screenshot(phonePage, { path: `${shots}/login-forgot-375-light.png` });
    await expectNoSideScroll(page);
    // The card at both widths in both appearances, for a person to look at.
    for (const [width, height] of [
      [375, 812],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const mode of ['light', 'dark']) {
        if (mode === 'dark') await page.getByRole('button', { name: 'Toggle dark mode' }).click();
        await page.waitForTimeout(300); // the colour transition
        await screenshot(page.getByTestId('account-security-card'), {
          path: `${shots}/security-card-${width}-${mode}.png`,
        });
        await expectNoSideScroll(page);
        if (mode === 'dark') await page.getByRole('button', { name: 'Toggle dark mode' }).click();
      }
    }
    await phone.close();
    await desk.close();
  });

  it('exports the data as a zip from the profile, then deletes the account with the password', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const username = await signUpByApi(page);
    await page.goto(`${base}/profile`);
    await page.getByRole('button', { name: 'Export my data' }).click();
    const download = page.getByRole('link', { name: 'Download export' });
    await download.waitFor({ timeout: 30_000 });
    const href = await download.getAttribute('href');
    expect(href).toMatch(/^\/api\/account\/export\/[0-9a-f-]{36}\/download$/);
    const zip = await page.request.get(`${base}${href}`);
    expect(zip.status()).toBe(200);
    expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');

    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.getByText('Your password is not correct').waitFor();
    await page.getByLabel('Your password').fill('secret123');
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await toast(page, 'Account deleted').waitFor();
    await logIn(page, username, 'secret123');
    await toast(page, 'Login failed').waitFor();
    await context.close();
  });
});
