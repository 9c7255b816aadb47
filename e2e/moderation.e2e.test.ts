import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInContext } from './support/accounts.ts';
import {
  looks,
  type Mode,
  screenshot,
  shotsFolder,
  uniqueName,
  useJourney,
  viewports,
} from './support/browser.ts';
import { makeStaff, useJourneyDatabase } from './support/database.ts';

/**
 * Reports and the moderation queue (api/src/modules/moderation/core/reports.ts, web/src/features/moderation):
 * a person reports a video from its public page, a moderator hides it from /admin/reports, and then
 * the page answers 404 while its owner sees why in their gallery.
 */

const journey = useJourney('moderation');
const SHOTS = shotsFolder('moderation');
const db = useJourneyDatabase();
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };

const usernameOf = async (ctx: BrowserContext) =>
  (await (await ctx.request.post('/graphql', { data: { query: '{ me { username id } }' } })).json()).data
    .me as {
    username: string;
    id: string;
  };

/** A public video of the user's, written straight to the database (making one has its own journey). */
async function insertPost(userId: string, title: string): Promise<string> {
  const slug = `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`;
  await db().query(
    `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, is_public)
     values (gen_random_uuid(), $1, $2, $3, $4, '{}', '8', '1280x720', '/media/none.mp4', true)`,
    [userId, slug, title, `${title}, in a cinematic style`],
  );
  return slug;
}

async function reportFromPage(page: Page, slug: string, note: string) {
  await page.goto(`/videos/${slug}`);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this video' });
  await dialog.waitFor();
  // Sending without a reason says what is missing.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Choose a reason' }).waitFor();
  await dialog.getByText('Spam or scam').click();
  await dialog.getByRole('textbox').fill(note);
  return dialog;
}

describe('moderation', () => {
  it('a report, a moderator hides the video from the queue, the page is 404 and its owner sees why', async (test) => {
    const browser = journey.browser();
    const ownerCtx = await signedInContext(browser, desktop, 'owner');
    const owner = await usernameOf(ownerCtx);
    const title = `Suspicious giveaway ${uniqueName('v')}`;
    const slug = await insertPost(owner.id, title);

    // A viewer reports it, and is offered to block the owner.
    const reporterCtx = await signedInContext(browser, desktop, 'reporter');
    const page = await reporterCtx.newPage();
    const dialog = await reportFromPage(page, slug, 'Asks for card numbers');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thanks for telling us' });
    await thanks.waitFor();
    await thanks.getByRole('button', { name: `Block @${owner.username}` }).waitFor();
    await thanks.getByRole('button', { name: 'Done' }).click();
    await thanks.waitFor({ state: 'hidden' });

    // A plain user's /admin/reports is the app's 404.
    await page.goto('/admin/reports');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();

    // A moderator hides it from the queue, with a note.
    const modCtx = await signedInContext(browser, desktop, 'mod');
    const mod = await usernameOf(modCtx);
    await makeStaff(db(), mod.id, 'moderator');
    const modPage = await modCtx.newPage();
    await modPage.goto('/admin/reports');
    await modPage.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const card = modPage.getByRole('article').filter({ hasText: title });
    await card.getByText('Asks for card numbers').waitFor();
    await card.getByText('Spam or scam').waitFor();
    await card.getByRole('textbox').fill('Scam: asks for card numbers');
    await card.getByRole('button', { name: 'Hide' }).click();
    await card.waitFor({ state: 'detached' });

    // Publicly gone: the server answers 404, the page says so.
    const response = await page.goto(`/videos/${slug}`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Video Not Found' }).waitFor();

    // Its owner sees it in their gallery, marked, with the reason.
    const ownerPage = await ownerCtx.newPage();
    test.onTestFailed(async () => {
      await ownerPage.screenshot({ path: '/tmp/moderation-owner-failure.png' }).catch(() => {});
    });
    await ownerPage.goto('/gallery');
    const mine = ownerPage.getByRole('article').filter({ hasText: title });
    await mine.getByText('Hidden by moderators: Scam: asks for card numbers').waitFor();
    await mine.getByText('Hidden by moderators', { exact: true }).waitFor();
    await screenshot(ownerPage, { path: `${SHOTS}/gallery-hidden-1280-light.png`, fullPage: false });

    for (const ctx of [ownerCtx, reporterCtx, modCtx]) await ctx.close();
  });

  it('the report dialog and the queue in each look', async () => {
    const browser = journey.browser();
    for (const look of looks) {
      const ownerCtx = await signedInContext(browser, look, 'owner');
      const owner = await usernameOf(ownerCtx);
      const title = `Look ${look.name} ${uniqueName('v')}`;
      const slug = await insertPost(owner.id, title);
      const reporterCtx = await signedInContext(browser, look, 'reporter');
      const page = await reporterCtx.newPage();
      const dialog = await reportFromPage(page, slug, 'Looks like spam to me');
      await screenshot(page, { path: `${SHOTS}/report-dialog-${look.name}.png` });
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await page.getByRole('dialog', { name: 'Thanks for telling us' }).waitFor();
      // The dialog's own animations over before the picture.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await screenshot(page, { path: `${SHOTS}/report-sent-${look.name}.png` });

      const modCtx = await signedInContext(browser, look, 'mod');
      const mod = await usernameOf(modCtx);
      await makeStaff(db(), mod.id, 'moderator');
      const modPage = await modCtx.newPage();
      await modPage.goto('/admin/reports');
      await modPage.getByRole('article').filter({ hasText: title }).waitFor();
      expect(
        await modPage.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1),
        `side scroll at ${look.name}`,
      ).toBe(false);
      await screenshot(modPage, { path: `${SHOTS}/queue-${look.name}.png` });
      // Ban asks first.
      await modPage
        .getByRole('article')
        .filter({ hasText: title })
        .getByRole('button', { name: 'Ban owner' })
        .click();
      const confirm = modPage.getByRole('alertdialog', { name: `Ban @${owner.username}?` });
      await confirm.waitFor();
      await screenshot(modPage, { path: `${SHOTS}/queue-confirm-${look.name}.png` });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      for (const ctx of [ownerCtx, reporterCtx, modCtx]) await ctx.close();
    }
  });
});
