import pg from 'pg';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInContext } from './support/accounts.ts';
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
} from './support/browser.ts';

/**
 * The Safety page (/settings/safety, web/src/features/moderation/pages/SafetyPage.tsx): a person's
 * reports with what came of them and the people they blocked. They report a video and block its
 * owner, see the report under review and unblock the owner from the page (by keyboard); a moderator
 * then hides the video and the page says so. Screenshots in the four looks.
 */

const journey = useJourney('safetyPage');
const SHOTS = shotsFolder('safetyPage');
let pool: pg.Pool;
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };

beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 2 });
});
afterAll(() => pool.end());

const me = async (ctx: BrowserContext) =>
  (await (await ctx.request.post('/graphql', { data: { query: '{ me { username id } }' } })).json()).data
    .me as { username: string; id: string };

/** A public video of the user's, written straight to the database; its id. */
async function insertPost(userId: string, title: string): Promise<string> {
  const slug = `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`;
  const { rows } = await pool.query<{ id: string }>(
    `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, is_public)
     values (gen_random_uuid(), $1, $2, $3, $4, '{}', '8', '1280x720', '/media/none.mp4', true) returning id`,
    [userId, slug, title, `${title}, in a cinematic style`],
  );
  return rows[0]!.id;
}

/** Reports the post over REST in the reporter's context; the report's id. */
async function reportPost(ctx: BrowserContext, postId: string, reason = 'spam'): Promise<string> {
  const res = await ctx.request.post('/api/reports', {
    data: { targetType: 'post', targetId: postId, reason, note: 'Asks for card numbers' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function block(ctx: BrowserContext, username: string) {
  const res = await ctx.request.post(`/api/users/${username}/block`);
  expect(res.status()).toBe(200);
}

/** A moderator's context (the role written to the database, as `npm run admin` would). */
async function moderatorContext(mode: Mode): Promise<BrowserContext> {
  const ctx = await signedInContext(journey.browser(), mode, 'mod');
  await pool.query(`update users set role = 'moderator' where id = $1`, [(await me(ctx)).id]);
  // The api's copy of the user, cached at sign-up, is dropped by the users table's NOTIFY.
  await expect
    .poll(
      async () =>
        (
          (await (await ctx.request.post('/graphql', { data: { query: '{ me { role } }' } })).json()) as {
            data: { me: { role: string } };
          }
        ).data.me.role,
    )
    .toBe('moderator');
  return ctx;
}

async function moderate(ctx: BrowserContext, reportId: string, action: string) {
  const res = await ctx.request.post('/graphql', {
    data: {
      query:
        'mutation ($id: ID!, $action: String!) { moderate(reportId: $id, action: $action) { resolved } }',
      variables: { id: reportId, action },
    },
  });
  const body = (await res.json()) as { data?: { moderate: { resolved: number } }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  expect(body.data?.moderate.resolved).toBe(1);
}

describe('the Safety page', () => {
  it('shows a report under review, unblocks someone by keyboard, then shows what moderators did', async (test) => {
    const browser = journey.browser();
    const ownerCtx = await signedInContext(browser, desktop, 'owner');
    const owner = await me(ownerCtx);
    const title = `Card giveaway ${uniqueName('v')}`;
    const postId = await insertPost(owner.id, title);

    const reporterCtx = await signedInContext(browser, desktop, 'reporter');
    const reportId = await reportPost(reporterCtx, postId);
    await block(reporterCtx, owner.username);

    const page = await reporterCtx.newPage();
    screenshotOnFailure(test, page, 'safetyPage');
    // Reached from Settings; the menu keeps Settings as the current page.
    await page.goto('/settings');
    await page.getByRole('link', { name: /Safety.*Reports you made and people you blocked/ }).click();
    await page.waitForURL('**/settings/safety');
    await page.getByRole('heading', { name: 'Safety', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Safety | Chorus');
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Account' })
          .getByRole('link', { name: 'Settings' })
          .getAttribute('aria-current'),
      )
      .toBe('page');

    const reports = page.getByRole('region', { name: 'Your reports' });
    const row = reports.getByRole('listitem').filter({ hasText: title });
    await row.getByText('Under review').waitFor();
    await row.getByText('Video').waitFor();
    await row.getByText(/Spam or scam · reported/).waitFor();

    const blocked = page.getByRole('region', { name: 'People you blocked' });
    await blocked.getByText(`@${owner.username}`).waitFor();
    expect(await axeProblems(page)).toEqual([]);

    // Unblocked by keyboard: a toast, and the row leaves for the empty state.
    await blocked.getByRole('button', { name: `Unblock @${owner.username}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(`You unblocked @${owner.username}.`).waitFor();
    await blocked.getByText("You haven't blocked anyone.").waitFor();
    expect(await blocked.getByRole('listitem').count()).toBe(0);
    // Focus is not lost to the page's start.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('blocked-heading');
    const blocks = await reporterCtx.request.get('/api/blocks');
    expect(await blocks.json()).toEqual([]);

    // A moderator hides the video; the reporter's page says what came of the report.
    const modCtx = await moderatorContext(desktop);
    await moderate(modCtx, reportId, 'hide');
    // A direct load (the server answers it as a known private page).
    const response = await page.goto('/settings/safety');
    expect(response?.status()).toBe(200);
    await reports
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByText('Removed from view by moderators')
      .waitFor();
    expect(await reports.getByText('Under review').count()).toBe(0);
    expect(await axeProblems(page)).toEqual([]);

    for (const ctx of [ownerCtx, reporterCtx, modCtx]) await ctx.close();
  });

  it('shows the empty states to someone who reported and blocked nothing', async () => {
    const ctx = await signedInContext(journey.browser(), desktop, 'quiet');
    const page = await ctx.newPage();
    await page.goto('/settings/safety');
    await page.getByText("You haven't reported anything.").waitFor();
    await page.getByText("You haven't blocked anyone.").waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await ctx.close();
  });

  it('signed out, it asks to sign in', async () => {
    const ctx = await journey
      .browser()
      .newContext({ baseURL: inject('baseUrl'), viewport: viewports.desktop });
    const page = await ctx.newPage();
    await page.goto('/settings/safety');
    await page.waitForURL(/\/login/);
    await ctx.close();
  });

  it.each(looks)('reads well at $name', async (look) => {
    const browser = journey.browser();
    const ownerCtx = await signedInContext(browser, look, 'owner');
    const owner = await me(ownerCtx);
    const other = await signedInContext(browser, look, 'other');
    const reporterCtx = await signedInContext(browser, look, 'reporter');
    const open = await insertPost(
      owner.id,
      `A very long video title that has to wrap on a phone ${uniqueName('v')}`,
    );
    const done = await insertPost(owner.id, `Win a free phone ${uniqueName('v')}`);
    await reportPost(reporterCtx, open, 'harassment');
    const doneReport = await reportPost(reporterCtx, done);
    await block(reporterCtx, owner.username);
    await block(reporterCtx, (await me(other)).username);
    const modCtx = await moderatorContext(look);
    await moderate(modCtx, doneReport, 'dismiss');

    const page = await reporterCtx.newPage();
    await page.goto('/settings/safety');
    await page.getByText('Reviewed: no action').waitFor();
    await page.getByText('Under review').waitFor();
    await page.getByRole('button', { name: `Unblock @${owner.username}` }).waitFor();
    await expectNoSideScroll(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/safety-${look.name}.png`, fullPage: true });
    // Settings, with its way here.
    await page.goto('/settings');
    await page.getByRole('link', { name: /Reports you made and people you blocked/ }).waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, { path: `${SHOTS}/settings-${look.name}.png`, fullPage: true });
    for (const ctx of [ownerCtx, other, reporterCtx, modCtx]) await ctx.close();
  });
});
