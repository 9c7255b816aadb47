import { readMessages } from '@chorus/shared/messageCatalogues';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  expectNoSideScroll,
  looks,
  screenshot,
  shotsFolder,
  useJourney,
  viewports,
  waitForHydration,
} from './support/browser.ts';

/**
 * The public pages in other languages (packages/shared/src/languages.ts): drawn by the server in the
 * language of their prefix, with hreflang links, hydrated without a difference, fitting a phone in
 * every look; and a visitor whose browser prefers another language is offered it, never sent there.
 */
const journey = useJourney('publicLanguages');
const SHOTS = shotsFolder('publicLanguages');
const inGerman = readMessages('de').messages;
const inJapanese = readMessages('ja').messages;

describe('public pages in other languages', () => {
  it('are drawn by the server in their language, with links to the others', async (test) => {
    const { page } = await journey.newPage(test, viewports.desktop);
    const english = await page.request.get('/features');
    const englishHtml = await english.text();
    const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(englishHtml)?.[1];
    expect(heading).toBeTruthy();

    const german = await page.request.get('/de/features');
    expect(german.status()).toBe(200);
    const html = await german.text();
    expect(html).toMatch(/<html lang="de"/);
    expect(html).toContain(`<h1`);
    expect(html).toContain(inGerman[heading as string]);
    expect(html).toContain('<link rel="alternate" hreflang="ja" href="');
    expect(html).toContain('/ja/features" />');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="');

    // Hydration finds what the server drew: React reports any difference on the console.
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    await page.goto('/de/features');
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: inGerman[heading as string] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(problems.filter((p) => /hydrat|did not match/i.test(p))).toEqual([]);
    // The top bar's links stay in German.
    await expect
      .poll(() => page.locator('header').getByRole('link', { name: inGerman.Plans }).getAttribute('href'))
      .toBe('/de/pricing');
  });

  it.for(looks)('fit a phone in Japanese and German ($name)', async (look, test) => {
    const { page, context } = await journey.newPage(test, look.viewport);
    await page.emulateMedia({ colorScheme: look.colorScheme });
    for (const [path, words] of [
      ['/ja/', inJapanese],
      ['/ja/pricing', inJapanese],
      ['/de/community-videos', inGerman],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      await page
        .locator('footer')
        .getByText(words.Product as string, { exact: true })
        .waitFor();
      await expectNoSideScroll(page);
      await screenshot(page, {
        path: `${SHOTS}/${path.replace(/\//g, '_')}-${look.name}.png`,
        fullPage: true,
      });
    }
    await context.close();
  });

  it("offers a visitor their browser's language, and remembers a no", async () => {
    const context = await journey.browser().newContext({
      baseURL: baseUrl(),
      viewport: viewports.mobile,
      locale: 'fr-FR',
    });
    const page = await context.newPage();
    await page.goto('/community-videos');
    await waitForHydration(page);
    const offer = page.getByRole('region', { name: 'Cette page existe aussi en Français.' });
    await offer.waitFor();
    // Offered, not sent: the page is still the English one.
    expect(new URL(page.url()).pathname).toBe('/community-videos');
    await screenshot(page, { path: `${SHOTS}/offer-375.png` });
    await offer.getByRole('link', { name: 'L’afficher en Français' }).click();
    await page.waitForURL(/\/fr\/community-videos$/);
    await page.getByRole('heading', { level: 1, name: 'Vidéos de la communauté' }).waitFor();

    await page.goto('/pricing');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Rester en anglais' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole('region', { name: /Cette page existe aussi/ }).count()).toBe(0);
    await context.close();
  });
});
