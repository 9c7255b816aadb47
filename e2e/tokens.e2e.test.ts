import { describe, expect, inject, it } from 'vitest';
import { signedInContext } from './support/accounts.ts';
import { axeProblems } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  type Mode,
  screenshot,
  screenshotOnFailure,
  shotsFolder,
  useJourney,
  viewports,
} from './support/browser.ts';

/**
 * API tokens (/settings/tokens, web/src/features/tokens): reached from Settings, a token is made
 * with its scopes and expiry, its secret shown once and copied; a script (fetch from the test, no
 * cookies) uses it; revoked from the list after a confirmation, it answers 401. Screenshots in the
 * four looks.
 */

const journey = useJourney('tokens');
const SHOTS = shotsFolder('tokens');
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };

/** A script's call: the token only, no browser cookies. */
const asScript = (secret: string) =>
  fetch(`${inject('baseUrl')}/api/auth/status`, { headers: { authorization: `Bearer ${secret}` } });

describe('API tokens', () => {
  it('are made in the page, shown once and copied, work for a script, and stop once revoked', async (test) => {
    const ctx = await signedInContext(journey.browser(), desktop, 'tok', {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await ctx.newPage();
    screenshotOnFailure(test, page, 'tokens');
    await page.goto('/settings');
    await page.getByRole('link', { name: /API tokens.*Let your scripts use Chorus as you/ }).click();
    await page.waitForURL('**/settings/tokens');
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('API tokens | Chorus');
    await page.getByText('You have no API tokens yet.').waitFor();

    // Nothing chosen: the form says what is missing.
    // Chakra draws the box over its input: the label is what a person clicks.
    const read = page.getByRole('checkbox', { name: /Read/ });
    await page.getByText('Read', { exact: true }).click();
    expect(await read.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Please give the token a name').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Nightly script');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Choose at least one scope').waitFor();
    await page.getByText('Read', { exact: true }).click();
    expect(await read.isChecked()).toBe(true);
    await page.getByLabel('Expires after').selectOption('90');
    await page.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByTestId('new-token-secret');
    await shown.waitFor();
    const secret = (await shown.textContent())?.trim() ?? '';
    expect(secret).toMatch(/^chorus_pat_[A-Za-z0-9_-]{43}$/);
    await page.getByText("Copy it now: you won't see it again.").waitFor();
    await page.getByRole('button', { name: 'Copy token' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const tokens = page.getByRole('region', { name: 'Your tokens' });
    const row = tokens.getByRole('listitem').filter({ hasText: 'Nightly script' });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Read', { exact: true }).waitFor();
    await row.getByText(secret.slice(0, 15)).waitFor();
    expect(await axeProblems(page)).toEqual([]);

    // A script uses it.
    const used = await asScript(secret);
    expect(used.status).toBe(200);
    expect(((await used.json()) as { username: string }).username).toMatch(/^tok/);

    // Dismissed, it is gone for good: the list has only its first characters, a reload too.
    await page.getByRole('button', { name: 'I saved it' }).click();
    expect(await page.getByTestId('new-token-secret').count()).toBe(0);
    await page.reload();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText(/last used/).waitFor();
    expect(await page.content()).not.toContain(secret);

    // Revoked after a confirmation: the script's next call is refused.
    await row.getByRole('button', { name: 'Revoke Nightly script' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke this token?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('“Nightly script” no longer works.').waitFor();
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    expect((await asScript(secret)).status).toBe(401);
    await ctx.close();
  });

  it.each(looks)('reads well at $name', async (look) => {
    const ctx = await signedInContext(journey.browser(), look, 'tok');
    for (const [name, scopes, expiresInDays] of [
      ['Deploy bot with a rather long name that wraps on a phone', ['read', 'chat', 'video', 'files'], null],
      ['Backup', ['read'], 30],
    ] as const) {
      const res = await ctx.request.post('/api/tokens', { data: { name, scopes, expiresInDays } });
      expect(res.status()).toBe(201);
    }
    const list = (await (await ctx.request.get('/api/tokens')).json()) as { tokens: { id: string }[] };
    await ctx.request.delete(`/api/tokens/${list.tokens[0]!.id}`);
    const page = await ctx.newPage();
    await page.goto('/settings/tokens');
    await page.getByText('Revoked', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('CI');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByTestId('new-token-secret').waitFor();
    await expectNoSideScroll(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/tokens-${look.name}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Revoke CI' }).click();
    await page.getByRole('alertdialog').waitFor();
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await screenshot(page, { path: `${SHOTS}/revoke-${look.name}.png` });
    await page.goto('/settings');
    await page.getByRole('link', { name: /Let your scripts use Chorus as you/ }).waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, { path: `${SHOTS}/settings-${look.name}.png`, fullPage: true });
    await ctx.close();
  });
});
