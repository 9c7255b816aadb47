import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInContext } from './support/accounts.ts';
import { axeProblems } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  type Mode,
  modeContext,
  screenshot,
  screenshotOnFailure,
  screenshotsWanted,
  shotsFolder,
  uniqueName,
  useJourney,
  viewports,
  waitForHydration,
} from './support/browser.ts';
import { gqlAs, whoIs } from './support/graphqlAs.ts';

/**
 * Remix with credit ("Make one like this" on a public video's page,
 * web/src/features/video/components/remix/): A opens B's video, makes one like it in the video dialog
 * (B's prompt already in it), publishes it; A's page says "Remix of …" linking B's, and B's page lists
 * A's remix. Signed out, the button leads to the login page, which comes back. The local preview
 * renderer makes both clips (no video service is configured for the journeys).
 */

const journey = useJourney('remix', { fullPage: true });
const SHOTS = shotsFolder('remix');
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };

/** B's public video, made by the worker and kept shared (the job's `share`); its slug and prompt. */
async function publicVideoOf(ctx: BrowserContext, prompt: string) {
  const started = await gqlAs(
    ctx,
    'mutation($input: GenerateVideoInput!) { generateVideo(input: $input) { id } }',
    { input: { prompt, duration: '4', share: true } },
  );
  const id = started.generateVideo.id as string;
  await expect
    .poll(
      async () =>
        (await gqlAs(ctx, 'query($id: ID!) { videoJob(id: $id) { status } }', { id })).videoJob.status,
      {
        timeout: 30_000,
        interval: 300,
      },
    )
    .toBe('completed');
  const gallery = await gqlAs(ctx, '{ gallery(first: 1) { posts { slug title isPublic } } }');
  const post = gallery.gallery.posts[0] as { slug: string; title: string; isPublic: boolean };
  expect(post.isPublic).toBe(true);
  return post;
}

async function openVideo(page: Page, slug: string) {
  await page.goto(`/videos/${slug}`);
  await page.locator('h1').waitFor();
  await waitForHydration(page);
}

describe('remix with credit', () => {
  it('A makes one like B’s video; A’s page credits B’s, and B’s lists A’s remix', async (test) => {
    const browser = journey.browser();
    const bCtx = await signedInContext(browser, desktop, 'original');
    const b = await whoIs(bCtx);
    const prompt = `a paper boat sailing down a rainy street ${uniqueName('boat')}`;
    const [original, aCtx] = await Promise.all([
      publicVideoOf(bCtx, prompt),
      signedInContext(browser, desktop, 'remixer'),
    ]);
    const page = await aCtx.newPage();
    screenshotOnFailure(test, page, 'remix');

    await openVideo(page, original.slug);
    await page.getByRole('button', { name: 'Make one like this' }).click();
    const dialog = page.getByRole('dialog');
    // B's prompt, ready to change before anything is made.
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Video prompt' }).inputValue()).toBe(prompt);
    await dialog.getByRole('button', { name: 'Generate video' }).waitFor();
    if (screenshotsWanted) await page.waitForTimeout(400); // the dialog's entrance transition
    await screenshot(page, { path: `${SHOTS}/dialog-1280-light.png` });
    await dialog.getByText('Share to the community gallery').click();
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.locator('video').waitFor({ timeout: 30_000 });
    await dialog.getByText('Saved to your gallery and shared to the community gallery.').waitFor();
    await dialog.getByRole('link', { name: 'Open video page' }).click();
    await page.waitForURL(
      (url) => url.pathname.startsWith('/videos/') && !url.pathname.endsWith(original.slug),
    );
    const remixSlug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    // A's page credits the original and its maker.
    const credit = page.getByTestId('remix-credit');
    await credit.waitFor();
    expect(await credit.textContent()).toContain(`Remix of ${original.title} by @${b.username}`);
    expect(await credit.getByRole('link', { name: original.title }).getAttribute('href')).toBe(
      `/videos/${original.slug}`,
    );
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Following it leads to B's page, which lists A's remix.
    await credit.getByRole('link', { name: original.title }).click();
    await page.waitForURL(`**/videos/${original.slug}`);
    await page.getByRole('heading', { name: 'Remixes (1)' }).waitFor();
    const card = page.getByTestId('remixes').getByRole('article');
    await expect.poll(() => card.count()).toBe(1);
    expect(await axeProblems(page)).toEqual([]);
    await card.getByRole('link').first().click();
    await page.waitForURL(`**/videos/${remixSlug}`);
    await page.getByTestId('remix-credit').waitFor();
    expect(await axeProblems(page)).toEqual([]);

    // Signed out, the button asks to log in, and the login page comes back here.
    const visitor = await modeContext(browser, { colorScheme: 'light', viewport: viewports.mobile });
    const anonymous = await visitor.newPage();
    await openVideo(anonymous, original.slug);
    const login = anonymous.getByRole('link', { name: 'Log in to make one like this' });
    expect(await login.getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent(`/videos/${original.slug}`)}`,
    );
    await login.click();
    await anonymous.waitForURL('**/login?next=*');
    await waitForHydration(anonymous);
    await anonymous.getByLabel('Username').fill(b.username);
    await anonymous.getByLabel('Password', { exact: true }).fill('secret123');
    await anonymous.getByRole('button', { name: 'Log In' }).click();
    await anonymous.waitForURL(`**/videos/${original.slug}`);
    await anonymous.getByRole('button', { name: 'Make one like this' }).waitFor();
    await visitor.close();

    // The four looks of both pages (under `npm run screenshots`), with no sideways scroll.
    for (const look of looks) {
      const ctx = await modeContext(browser, look);
      const shot = await ctx.newPage();
      for (const [name, slug] of [
        ['remix', remixSlug],
        ['original', original.slug],
      ] as const) {
        await openVideo(shot, slug);
        await shot.getByRole('link', { name: 'Log in to make one like this' }).waitFor();
        if (name === 'original') await shot.getByTestId('remixes').getByRole('article').first().waitFor();
        await expectNoSideScroll(shot);
        if (look.name === '375-dark') expect(await axeProblems(shot)).toEqual([]);
        await screenshot(shot, { path: `${SHOTS}/${name}-${look.name}.png`, fullPage: true });
      }
      await ctx.close();
    }
    await aCtx.close();
    await bCtx.close();
  }, 120_000);
});
