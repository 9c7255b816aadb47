import pg from 'pg';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInContext } from './support/accounts.ts';
import { recorded, STAND_INS } from './support/alertStandIns.ts';
import { axeProblems } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  type Mode,
  screenshot,
  screenshotOnFailure,
  shotsFolder,
  uniqueName,
  useJourney,
  viewports,
  waitForHydration,
} from './support/browser.ts';
import { gqlAs, whoIs } from './support/graphqlAs.ts';

/**
 * The community as two people use it (web/src/features/video, creators, notifications): A follows B;
 * B makes a video public and A's bell counts it live; A finds it under Following, likes it from its
 * card (B's bell counts that live; A's comment also chimes), finds it again under Liked Videos, and
 * still sees it liked after a reload. B mutes likes in Settings. Screenshots of the Following feed and Liked Videos in the four looks.
 */

const journey = useJourney('community');
const SHOTS = shotsFolder('community');
let pool: pg.Pool;
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };

beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
});
afterAll(() => pool.end());

/** A private video of the user's, written straight to the database; its id and title. */
async function privatePost(userId: string): Promise<{ id: string; title: string }> {
  const title = `Lanterns on the river ${uniqueName('v')}`;
  const slug = `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`;
  const { rows } = await pool.query<{ id: string }>(
    `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, is_public)
     values (gen_random_uuid(), $1, $2, $3, $4, '{}', '8', '1280x720', '/media/none.mp4', false) returning id`,
    [userId, slug, title, `${title}, at dusk`],
  );
  return { id: rows[0]!.id, title };
}

const publish = (ctx: BrowserContext, id: string) =>
  gqlAs(ctx, 'mutation($id: ID!) { updatePost(id: $id, input: { isPublic: true }) { id isPublic } }', { id });

describe('community', () => {
  it('A follows B, hears of B’s new video live, likes it from the Following feed; B hears of the like', async (test) => {
    const browser = journey.browser();
    const [aCtx, bCtx] = await Promise.all([
      signedInContext(browser, desktop, 'fan'),
      signedInContext(browser, desktop, 'maker'),
    ]);
    const b = await whoIs(bCtx);
    const post = await privatePost(b.id);
    const page = await aCtx.newPage();
    screenshotOnFailure(test, page, 'community');

    await page.goto(`/u/${b.username}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();

    // A waits on an account page (its header has the bell); B publishes: the bell counts it live.
    await page.goto('/gallery');
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    await publish(bCtx, post.id);
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Notifications, 1 unread');
    await bell.click();
    await page.getByRole('button', { name: new RegExp(`^${b.username} shared a new video`) }).waitFor();

    // B waits on their gallery too, to hear of the like (and, with "Enable Sounds" on, as a new
    // account has it, a chime for a comment; the browser's audio is stood in for).
    await bCtx.addInitScript(STAND_INS);
    const bPage = await bCtx.newPage();
    await bPage.goto('/gallery');
    const bBell = bPage.getByRole('link', { name: /^Notifications/ });
    // A's follow is there already, unread.
    await expect.poll(() => bBell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

    // The Following feed shows B's video; its card's heart likes it without opening it.
    await page.goto('/community-videos');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Following' }).click();
    await page.waitForURL('**/community-videos?feed=following');
    const card = page.getByRole('article', { name: post.title });
    await card.waitFor();
    await card.getByRole('button', { name: `0 likes, like ${post.title}`, pressed: false }).click();
    const liked = card.getByRole('button', { name: `1 like, like ${post.title}` });
    await liked.waitFor();
    expect(await liked.getAttribute('aria-pressed')).toBe('true');
    expect(page.url()).toContain('feed=following');
    await expect
      .poll(() => bBell.getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Notifications, 2 unread');
    expect((await recorded(bPage)).chimes).toBe(0);
    await gqlAs(aCtx, 'mutation($p: ID!) { addComment(postId: $p, body: "Those lanterns!") { id } }', {
      p: post.id,
    });
    await expect
      .poll(() => bBell.getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Notifications, 3 unread');
    await expect.poll(async () => (await recorded(bPage)).chimes, { timeout: 10_000 }).toBeGreaterThan(0);

    // Liked Videos keeps it; the gallery drawn by the server shows it liked once the page is live.
    await page.goto('/liked');
    await page.getByRole('heading', { name: 'Liked Videos', level: 1 }).waitFor();
    await page.getByRole('article', { name: post.title }).waitFor();
    await page.goto(`/community-videos?q=${encodeURIComponent(post.title)}`);
    await page
      .getByRole('article', { name: post.title })
      .getByRole('button', { name: `1 like, like ${post.title}`, pressed: true })
      .waitFor();

    // B mutes likes in Settings: saved at once, and the next like is not written.
    await bPage.goto('/settings');
    await bPage.getByRole('tab', { name: 'Notifications' }).click();
    const likes = bPage.getByRole('group', { name: 'Notify me about' }).getByText('Likes on your videos');
    await likes.click();
    await expect
      .poll(async () => (await gqlAs(bCtx, '{ notificationSettings { muted } }')).notificationSettings.muted)
      .toEqual(['like']);
    expect(await axeProblems(bPage)).toEqual([]);
    await screenshot(bPage, { path: `${SHOTS}/settings-notify-me-about-1280-light.png`, fullPage: true });
    await Promise.all([aCtx.close(), bCtx.close()]);
  });

  it.each(looks)('the Following feed and Liked Videos read well at $name', async (look) => {
    const browser = journey.browser();
    const [aCtx, bCtx] = await Promise.all([
      signedInContext(browser, look, 'fan'),
      signedInContext(browser, look, 'maker'),
    ]);
    const b = await whoIs(bCtx);
    const post = await privatePost(b.id);
    await gqlAs(aCtx, 'mutation($u: String!) { follow(username: $u) { isFollowing } }', { u: b.username });
    await publish(bCtx, post.id);
    await gqlAs(aCtx, 'mutation($id: ID!) { toggleLike(postId: $id) { likedByMe } }', { id: post.id });
    const page = await aCtx.newPage();
    await page.goto('/community-videos?feed=following');
    await page.getByRole('article', { name: post.title }).waitFor();
    await expectNoSideScroll(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/following-${look.name}.png` });
    await page.goto('/liked');
    await page.getByRole('article', { name: post.title }).waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, { path: `${SHOTS}/liked-${look.name}.png` });
    await Promise.all([aCtx.close(), bCtx.close()]);
  });
});
