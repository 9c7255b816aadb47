import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSideScroll, newPage, screens, uniqueName, useBrowser } from './support/browser.ts';

let browser: Browser;
useBrowser((b) => {
  browser = b;
});

/** The server's message for a username with other characters (`@chorus/api/rules`). */
const USERNAME_CHARS = 'Username may only contain letters, numbers, dots, hyphens and underscores';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe.each(screens)('account journey on %s', (_name, viewport) => {
  it('register, chat, profile, dark mode, logout, login, guarded routes', async () => {
    const { context, page } = await newPage(browser, viewport);
    const username = uniqueName('jo');
    const password = 'correct-horse';

    // A protected route while signed out goes to /login.
    await page.goto('/profile');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Log In' }).waitFor({ timeout: 15_000 });
    await expectNoSideScroll(page);

    // Client validation with the spec's messages.
    await page.getByLabel('Username').fill('jo');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await toast(page, 'Username must be at least 3 characters long').waitFor();

    // Register (the plan picker defaults to Premium).
    await page.goto('/register');
    expect(await page.getByRole('radio', { name: /Premium/ }).isChecked()).toBe(true);
    await expectNoSideScroll(page);
    // Free goes straight to the chat (paid plans go to checkout: e2e/billing.e2e.test.ts).
    await page.locator('label').filter({ hasText: /^Free/ }).click();
    // The server's username rule, with its message, checked before anything is sent.
    const accountWrites: string[] = [];
    page.on('request', (r) => {
      const sent = r.postData() ?? '';
      if (/mutation (Register|UpdateProfile)\b/.test(sent)) accountWrites.push(sent);
    });
    await page.getByLabel('Username').fill('jo smith!');
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, USERNAME_CHARS).waitFor();
    expect(accountWrites).toEqual([]);
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Registration successful').waitFor();
    await page.waitForURL('**/chat', { timeout: 10_000 });

    // Profile: view, edit, save, survives a reload.
    await page.goto('/profile');
    await page.getByText(`${username}@example.com`).first().waitFor();
    await expectNoSideScroll(page);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Username').fill(`${username} x`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, USERNAME_CHARS).waitFor();
    expect(accountWrites).toHaveLength(1); // the sign-up only
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.org`);
    // A new address needs the current password (accountMail.e2e.test.ts checks its errors).
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile Updated').waitFor();
    await page.reload();
    await page.getByText(`${username}@example.org`).first().waitFor();

    // Dark mode: toggled, kept after a reload, saved on the server.
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await isDark();
    await page.getByRole('button', { name: 'Toggle dark mode' }).first().click();
    await expect.poll(isDark).toBe(!before);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const res = await fetch('/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: '{ mySettings { darkMode } }' }),
          });
          return (await res.json()).data.mySettings.darkMode;
        }),
      )
      .toBe(!before);
    await page.reload();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await isDark()).toBe(!before);

    // Log out from the user menu.
    await page.getByRole('button', { name: 'User menu' }).first().click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await toast(page, 'Logged out').waitFor();
    await page.waitForURL('**/login');

    // Log in with the new account.
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await toast(page, 'Login successful').waitFor();
    await page.waitForURL('**/chat', { timeout: 10_000 });
    await expectNoSideScroll(page);

    // A wrong password says so.
    const other = await newPage(browser, viewport);
    await other.page.goto('/login');
    await other.page.getByLabel('Username').fill(username);
    await other.page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await other.page.getByRole('button', { name: 'Log In' }).click();
    await toast(other.page, 'Invalid username or password').waitFor();
    expect(other.page.url()).toMatch(/\/login$/);
    await other.context.close();

    // Every protected route is guarded once signed out.
    await context.clearCookies();
    for (const route of ['/chat', '/settings', '/plans', '/gallery']) {
      await page.goto(route);
      await page.waitForURL('**/login');
    }

    // Unknown routes get the 404 page.
    await page.goto('/no-such-page');
    await page.getByText('Page Not Found').waitFor();
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });
});
