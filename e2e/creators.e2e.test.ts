import pg from 'pg';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInContext } from './support/accounts.ts';
import { axeProblems } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  type Mode,
  modeContext,
  screenshot,
  screenshotOnFailure,
  shotsFolder,
  uniqueName,
  useJourney,
  viewports,
  waitForHydration,
} from './support/browser.ts';

/**
 * A creator's profile (/u/{username}, web/src/features/creators/pages/CreatorPage.tsx): A finds B's
 * video in the community gallery, opens B's profile from the card, follows B (the count goes to 1 and
 * stays after a reload); a signed-out visitor gets the page drawn by the server. Screenshots in the
 * four looks.
 */

const journey = useJourney('creators');
const SHOTS = shotsFolder('creators');
let pool: pg.Pool;
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };

beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
});
afterAll(() => pool.end());

const me = async (ctx: BrowserContext) =>
  (await (await ctx.request.post('/graphql', { data: { query: '{ me { username id } }' } })).json()).data
    .me as { username: string; id: string };

/** A public video of the user's, written straight to the database. */
async function insertPost(userId: string, title: string): Promise<void> {
  const slug = `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`;
  await pool.query(
    `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, is_public)
     values (gen_random_uuid(), $1, $2, $3, $4, '{}', '8', '1280x720', '/media/none.mp4', true)`,
    [userId, slug, title, `${title}, in a cinematic style`],
  );
}

/** B: a creator with a display name, a bio and one public video; their username and the video's title. */
async function creator(ctx: BrowserContext, name: string) {
  const b = await me(ctx);
  await pool.query('update users set display_name = $1, bio = $2 where id = $3', [
    name,
    'I make short films about birds and the sea.',
    b.id,
  ]);
  const title = `Kestrel over the cliffs ${uniqueName('v')}`;
  await insertPost(b.id, title);
  return { username: b.username, title };
}

describe('creator profiles', () => {
  it('A opens B’s profile from a video card, follows B, and the count stays after a reload', async (test) => {
    const browser = journey.browser();
    const bCtx = await signedInContext(browser, desktop, 'maker');
    const name = `Bea ${uniqueName('m')}`;
    const b = await creator(bCtx, name);
    const aCtx = await signedInContext(browser, desktop, 'fan');
    const page = await aCtx.newPage();
    screenshotOnFailure(test, page, 'creators');

    await page.goto(`/community-videos?q=${encodeURIComponent(b.title)}`);
    const card = page.getByRole('article', { name: b.title });
    await card.getByRole('link', { name }).click();
    await page.waitForURL(`**/u/${b.username}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(`${name} (@${b.username}) | Chorus`);
    await page.getByText('0 followers').waitFor();

    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    await page.getByText('1 follower', { exact: true }).waitFor();
    expect(await axeProblems(page)).toEqual([]);

    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    await page.getByText('1 follower', { exact: true }).waitFor();

    // The public video page names B with a link to the same profile.
    await page.getByRole('link', { name: b.title }).click();
    await page.waitForURL('**/videos/**');
    await page.getByRole('link', { name }).click();
    await page.waitForURL(`**/u/${b.username}`);
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    for (const ctx of [aCtx, bCtx]) await ctx.close();
  });

  it('a signed-out visitor gets the profile drawn by the server, with a way to sign in', async () => {
    const browser = journey.browser();
    const bCtx = await signedInContext(browser, desktop, 'maker');
    const name = `Bea ${uniqueName('m')}`;
    const b = await creator(bCtx, name);
    // No JavaScript: what the server drew is all there is.
    const ctx = await modeContext(browser, desktop, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    const response = await page.goto(`/u/${b.username}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText('I make short films about birds and the sea.').waitFor();
    await page.getByRole('article', { name: b.title }).waitFor();
    await page.getByRole('link', { name: 'Log in to follow' }).waitFor();
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'ProfilePage' });
    await ctx.close();

    // With JavaScript, the same page hydrates and passes the accessibility check.
    // React reports on the console any difference between what the server drew and what it draws.
    const live = await modeContext(browser, desktop);
    const livePage = await live.newPage();
    const errors: string[] = [];
    livePage.on('console', (message) => {
      // The test video has no file: its 404 is not what this looks for.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    livePage.on('pageerror', (error) => errors.push(error.message));
    await livePage.goto(`/u/${b.username}`);
    await waitForHydration(livePage, { settleMs: 500 });
    await livePage.getByRole('link', { name: 'Log in to follow' }).waitFor();
    expect(errors).toEqual([]);
    expect(await axeProblems(livePage)).toEqual([]);
    expect((await livePage.goto('/u/no_such_creator_here'))?.status()).toBe(404);
    await livePage.getByRole('heading', { name: 'Creator Not Found' }).waitFor();
    for (const c of [live, bCtx]) await c.close();
  });

  it.each(looks)('reads well at $name', async (look) => {
    const browser = journey.browser();
    const bCtx = await signedInContext(browser, look, 'maker');
    const name = `Beatrice Longname-Hyphenated ${uniqueName('m')}`;
    const b = await creator(bCtx, name);
    const aCtx = await signedInContext(browser, look, 'fan');
    const page = await aCtx.newPage();
    await page.goto(`/u/${b.username}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Follow' }).waitFor();
    await expectNoSideScroll(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/creator-${look.name}.png`, fullPage: true });
    // A profile with no videos yet.
    await page.goto(`/u/${(await me(aCtx)).username}`);
    await page.getByText('No public videos yet').waitFor();
    await page.getByRole('link', { name: 'Edit profile' }).waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, { path: `${SHOTS}/creator-empty-${look.name}.png`, fullPage: true });
    for (const ctx of [aCtx, bCtx]) await ctx.close();
  });
});
