import { describe, expect, it } from 'vitest';
import { signUpFree } from './support/accounts.ts';
import { uniqueName, useJourney, viewports, waitForHydration } from './support/browser.ts';

/**
 * The footer's language picker (web/src/components/SiteFooter.tsx): a public page moves to its address
 * in the chosen language, the links keep that language, English goes back to the plain address, and
 * a signed-in choice is saved to the account.
 */
const journey = useJourney('languagePicker');

const footerLink = (page: import('playwright-core').Page, name: string) =>
  page.locator('footer').getByRole('link', { name, exact: true });

describe('footer language picker', () => {
  it('moves a public page to its language, keeps links in it, and saves it to the account', async (test) => {
    const { page } = await journey.newPage(test, viewports.desktop);
    await page.goto('/pricing');
    await waitForHydration(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.waitForURL(/\/de\/pricing$/);
    await page.getByRole('heading', { level: 1, name: 'Tarife und Preise' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('chorus.language'))).toBe('de');
    await expect
      .poll(() => footerLink(page, 'Community-Videos').getAttribute('href'))
      .toBe('/de/community-videos');

    await footerLink(page, 'Funktionen').click();
    await page.waitForURL(/\/de\/features$/);
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/features');
    await page
      .getByRole('heading', { level: 1, name: 'Everything the best AI assistants can do, in one place' })
      .waitFor();
    await expect
      .poll(() => footerLink(page, 'Community Videos').getAttribute('href'))
      .toBe('/community-videos');

    await signUpFree(page, uniqueName('picker'), 'picker-pass-123');
    await page.goto('/community-videos');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Open Chat' }).first().waitFor();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/settings') && r.request().method() === 'PATCH',
    );
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
    expect((await saved).status()).toBe(200);
    await page.waitForURL(/\/ja\/community-videos$/);
    await page.getByRole('heading', { level: 1, name: 'コミュニティ動画' }).waitFor();
  });
});
