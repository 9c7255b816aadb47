import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpFree } from './support/accounts.ts';
import {
  baseUrl,
  expectNoSideScroll,
  expectNoSideScrollOnPhone,
  uniqueName,
  useJourney,
  viewports,
} from './support/browser.ts';

/**
 * A video from the chat to the community, as a person makes it: the api and worker processes with no
 * video service configured, so the worker's local renderer makes a real 4 s H.264 preview clip.
 */

const journey = useJourney('video');

const signUp = (page: Page) => signUpFree(page, uniqueName('video'), 'video-pass-123');

const toast = (page: Page, title: string) =>
  page.locator('[data-scope="toast"][data-part="title"]').filter({ hasText: new RegExp(`^${title}$`) });

/**
 * Shares the video about to be made: the dialog's switch starts off for a new user, which the dialog
 * says before anything is made, and its label turns it on. Answers the switch.
 */
async function shareToCommunity(dialog: Locator): Promise<Locator> {
  const share = dialog.getByRole('switch', { name: 'Share to the community gallery' });
  await dialog.getByText('Only you will see it, in My Videos.', { exact: false }).waitFor();
  expect(await share.isChecked()).toBe(false);
  await dialog.getByText('Share to the community gallery').click();
  expect(await share.isChecked()).toBe(true);
  return share;
}

/** Records every progress text the dialog shows until the player replaces it. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __progress: string[]; __observer?: MutationObserver };
    w.__progress = [];
    w.__observer = new MutationObserver(() => {
      const text = document.querySelector('[data-testid="video-progress"]')?.textContent;
      if (text && w.__progress.at(-1) !== text) w.__progress.push(text);
    });
    w.__observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function recordedProgress(page: Page): Promise<number[]> {
  const texts = await page.evaluate(() => {
    const w = window as unknown as { __progress: string[]; __observer?: MutationObserver };
    w.__observer?.disconnect();
    return w.__progress;
  });
  return texts.map((text) => Number.parseInt(text, 10));
}

describe('video', () => {
  it('makes a video from the chat, saves it, shows it in both galleries and on its page, and deletes it', async (test) => {
    const { context, page } = await journey.newPage(test, viewports.desktop);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signUp(page);

    // @video opens the dialog instead of sending a chat message.
    await recordProgress(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('@video a cat surfing, 4 seconds');
    await box.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText('4 seconds', { exact: true }).waitFor();
    expect(await dialog.getByTestId('video-prompt').textContent()).toBe('a cat surfing');
    expect(await page.getByRole('article', { name: 'Your message' }).count()).toBe(0);
    // Not shared unless the person says so (off for a new user), said before anything is made.
    await shareToCommunity(dialog);
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.getByRole('progressbar').waitFor();
    await dialog.getByText(/of \d+ videos? left this month/).waitFor();

    // Progress climbs until the player replaces the bar.
    const player = dialog.locator('video');
    await player.waitFor({ timeout: 60_000 });
    const progress = await recordedProgress(page);
    expect(progress.length, `progress seen: ${progress.join(',')}`).toBeGreaterThanOrEqual(2);
    expect(
      progress.some((p) => p > 0 && p < 100),
      `progress seen: ${progress.join(',')}`,
    ).toBe(true);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    await dialog.getByText('Preview render').waitFor();
    // The job's own player reads the owner-only URL (cookie-checked), and it loads.
    expect(await player.getAttribute('src')).toMatch(/^\/media\/private\/videos\//);
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);

    // Saved once, then shareable and likeable; the toast offers to take it out of the community.
    // "Make private" lives in the dialog, inside its focus trap: the toast over it has no button a
    // keyboard could not reach.
    await toast(page, 'Video Saved!').waitFor({ timeout: 10_000 });
    expect(
      await page.locator('[data-scope="toast"]').getByRole('button', { name: 'Make private' }).count(),
    ).toBe(0);
    await dialog.getByRole('button', { name: 'Make private' }).waitFor();
    await dialog.getByText('Saved to your gallery and shared to the community gallery.').waitFor();
    await dialog.getByRole('button', { name: 'Share' }).click();
    await toast(page, 'Link Copied').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseUrl()}/videos/a-cat-surfing-\\d+$`));
    const slug = link.split('/videos/')[1]!;
    await dialog.getByRole('button', { name: 'Like' }).click();
    await toast(page, 'Liked!').waitFor();
    await dialog.getByRole('button', { name: /Liked/ }).waitFor();
    const download = await dialog.getByRole('link', { name: 'Download' }).getAttribute('href');
    expect(download).toMatch(/^\/api\/videos\/[0-9a-f-]{36}\/download$/);

    // My gallery lists it with its badges.
    await dialog.getByRole('link', { name: 'View in Gallery' }).click();
    await page.waitForURL(/\/gallery$/);
    await page.getByText('1 video(s) saved').waitFor();
    const card = page.getByRole('article', { name: 'a cat surfing' });
    await card.waitFor();
    expect(await card.getByText('4s', { exact: true }).count()).toBe(1);
    expect(await card.getByText('Public', { exact: true }).count()).toBe(1);
    expect(await card.getByText('1 like', { exact: true }).count()).toBe(1);
    expect(await card.locator('video').getAttribute('preload')).toBe('metadata');
    // Search is over title and prompt; a miss says so.
    const search = page.getByRole('searchbox', { name: 'Search your videos' });
    await search.fill('zebra');
    await page.getByText('No matching videos').waitFor();
    await page.getByText('Try adjusting your search or filters').waitFor();
    await search.fill('SURFING');
    await card.waitFor();
    await expectNoSideScrollOnPhone(page);

    // The community gallery lists it (it was saved public), and its card opens its page.
    await page.goto('/community-videos');
    await page.getByText(/^Showing \d+ video\(s\)$/).waitFor();
    const communityLink = page.getByRole('link', { name: 'a cat surfing' }).first();
    await communityLink.waitFor();
    expect(await communityLink.getAttribute('href')).toBe(`/videos/${slug}`);
    const communitySearch = page.getByRole('searchbox', { name: 'Search videos' });
    await communitySearch.fill('no such video anywhere');
    await page.getByText('No videos found').waitFor();
    await communitySearch.fill('cat surfing');
    await communityLink.waitFor();
    // The search is in the URL: a reload (or a shared link) shows the same videos.
    await page.waitForURL(/\/community-videos\?q=cat\+surfing$/);
    await page.reload();
    await expect.poll(() => communitySearch.inputValue(), { timeout: 15_000 }).toBe('cat surfing');
    await communityLink.waitFor();
    await page.getByText('Showing 1 video(s)').waitFor();
    await expectNoSideScrollOnPhone(page);
    await communityLink.click();
    await page.waitForURL(new RegExp(`/videos/${slug}$`));

    // The public page plays the video: metadata says 4 s and playback moves on.
    await page.getByRole('heading', { level: 1, name: 'a cat surfing' }).waitFor();
    await page.getByText('AI Generation Prompt').waitFor();
    await page.getByText('Create Your Own AI Videos').waitFor();
    const video = page.locator('main video, video').first();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(Math.abs(duration - 4)).toBeLessThan(0.2);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.2);
    const today = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(),
    );
    await page.getByText(today, { exact: true }).waitFor();
    await page.getByText('1 like', { exact: true }).waitFor();
    await expectNoSideScrollOnPhone(page);
    // Back returns to the community gallery with the search it had.
    await page.goBack();
    await page.waitForURL(/\/community-videos\?q=cat\+surfing$/);
    await communityLink.waitFor();
    await expect.poll(() => communitySearch.inputValue(), { timeout: 15_000 }).toBe('cat surfing');

    // Delete from the gallery, after confirming.
    await page.goto('/gallery');
    await page.getByRole('button', { name: 'Delete a cat surfing' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this post?').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Deleted').waitFor();
    await page.getByText('No videos yet').waitFor();
    await page.getByText('0 video(s) saved').waitFor();

    // Its public page is gone too.
    await page.goto(`/videos/${slug}`);
    await page.getByText('Video Not Found').waitFor();
    await page.getByRole('link', { name: 'Go Home' }).waitFor();

    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
    // The longest journey here (two galleries, a reload and Back), on a machine shared with builds.
  }, 180_000);

  it('falls back to checking every 3 s without a socket, and the generator page previews clips on hover', async (test) => {
    const { context, page } = await journey.newPage(test, viewports.desktop);
    // No WebSocket at all: live progress is unavailable, so the dialog must poll the job instead.
    await page.routeWebSocket(/\/graphql$/, (ws) => ws.close());
    await signUp(page);

    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('@video a lighthouse in a storm, quick clip');
    const sentAt = Date.now();
    await box.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('4 seconds', { exact: true }).waitFor();
    expect(await dialog.getByTestId('video-prompt').textContent()).toBe('a lighthouse in a storm');
    // Shared, so it is among the community clips below (the switch starts off for a new user).
    const share = dialog.getByRole('switch', { name: 'Share to the community gallery' });
    await dialog.getByText('Share to the community gallery').click();
    expect(await share.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    // Progress still moves (from the status checks), then the player arrives. Once the video is
    // ready the progress line is gone: a short timeout reads that as done instead of waiting for it.
    await expect
      .poll(
        () =>
          dialog
            .getByTestId('video-progress')
            .textContent({ timeout: 1_000 })
            .catch(() => '100%'),
        { timeout: 30_000 },
      )
      .not.toMatch(/^0%/);
    await dialog.locator('video').waitFor({ timeout: 60_000 });
    console.log(`without a socket the player appeared after ${Date.now() - sentAt} ms`);
    await toast(page, 'Video Saved!').waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });

    // The marketing page shows it among the community clips: it plays muted on hover and rewinds on leave.
    await page.goto('/ai-video-generator');
    // Its promises are the configured service's: the preview renderer makes 4, 8 or 12 s up to 1080p.
    const features = page.locator('section[aria-labelledby="video-features"]');
    await features.getByText('Choose 4, 8 or 12 second clips', { exact: false }).waitFor();
    await features.getByText('Up to 1080p', { exact: true }).waitFor();
    expect(await features.textContent()).not.toContain('25 seconds');
    const card = page.getByRole('article', { name: 'a lighthouse in a storm' });
    await card.waitFor();
    const clip = card.locator('video');
    // Its still is the poster image: the clip itself downloads nothing until it plays.
    await card.locator('img').waitFor();
    expect(await clip.evaluate((v: HTMLVideoElement) => v.readyState)).toBe(0);
    expect(await clip.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await card.hover();
    await expect
      .poll(() => clip.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.2);
    expect(await clip.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.mouse.move(0, 0);
    await expect.poll(() => clip.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(await clip.evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(0);
    // Keyboard users get the same preview when the card's link has focus (the other link is its creator's).
    const cardLink = card.getByRole('link', { name: 'a lighthouse in a storm' });
    await cardLink.focus();
    await expect.poll(() => clip.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await cardLink.blur();
    await expect.poll(() => clip.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(await cardLink.getAttribute('href')).toMatch(/^\/videos\/a-lighthouse-in-a-storm-\d+$/);
    await page.setViewportSize(viewports.mobile);
    await expectNoSideScroll(page);

    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('after a video the chat is back on its assistant; sharing is a choice, remembered, and undone in one click', async (test) => {
    const { context, page } = await journey.newPage(test, viewports.desktop);
    await signUp(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    const allowance = () =>
      page.evaluate(async () => (await (await fetch('/api/videos/allowance')).json()) as { used: number });
    const posts = () =>
      page.evaluate(
        async () => (await (await fetch('/api/posts')).json()) as { title: string; isPublic: boolean }[],
      );
    const publicPrompts = () =>
      page.evaluate(async () =>
        ((await (await fetch('/api/public/videos?limit=100')).json()) as { prompt: string }[]).map(
          (p) => p.prompt,
        ),
      );
    await page.getByText('Default: GPT', { exact: true }).waitFor();

    // The assistants have arrived (typing a command switches only once they are known).
    await page
      .getByRole('group', { name: 'Assistant commands' })
      .getByRole('button', { name: '@video' })
      .waitFor();

    // A shared video (the switch starts off for a new user), made private from its toast.
    await box.fill('@video a tiny robot 4 seconds');
    await page.getByText('Using: Video Generator', { exact: true }).waitFor();
    await box.press('Enter');
    const dialog = page.getByRole('dialog');
    const share = await shareToCommunity(dialog);
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.locator('video').waitFor({ timeout: 60_000 });
    await toast(page, 'Video Saved!').waitFor({ timeout: 10_000 });
    // By keyboard: Tab moves through the dialog (its focus trap) to "Make private", Enter presses it.
    const makePrivate = dialog.getByRole('button', { name: 'Make private' });
    await makePrivate.waitFor();
    for (let presses = 0; presses < 30; presses++) {
      if (await makePrivate.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await makePrivate.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await toast(page, 'Video is private').waitFor();
    await dialog.getByText('Saved to your gallery (private).').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await posts()).toMatchObject([{ title: 'a tiny robot', isPublic: false }]);

    // The composer is empty and on GPT again: a plain follow-up is a chat message, not a second video.
    expect(await box.inputValue()).toBe('');
    await page.getByText('Default: GPT', { exact: true }).waitFor();
    await box.fill('thanks, that looks great');
    await box.press('Enter');
    const answer = page.locator('[role="log"] article[data-status]').first();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 15_000 }).toBe('complete');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await allowance()).used).toBe(1);

    // Not shared this time; the next dialog remembers that choice. The time it says it takes comes
    // from the renders measured so far, not from the spec's 10 s per second of video.
    const estimate = async () =>
      (
        await page.evaluate(
          async () =>
            (await (await fetch('/api/videos/capabilities')).json()) as {
              renderEstimates: { duration: string; seconds: number; measured: boolean }[];
            },
        )
      ).renderEstimates.find((e) => e.duration === '4')!;
    const measured = await estimate();
    expect(measured).toMatchObject({ measured: true, seconds: expect.any(Number) });
    expect(measured.seconds).toBeLessThan(40);
    await box.fill('@video a paper boat on a pond');
    await box.press('Enter');
    await dialog.getByRole('button', { name: 'Generate video' }).waitFor();
    // The last choice (shared), kept on the server.
    await expect.poll(() => share.isChecked()).toBe(true);
    // The estimate is everyone's renders of this length so far, and the other journeys render too:
    // the note says the server's latest.
    await expect
      .poll(async () => {
        const { seconds } = await estimate();
        const note = await dialog.getByTestId('video-duration-note').textContent();
        return note?.includes(`It takes about ${seconds} ${seconds === 1 ? 'second' : 'seconds'} to make.`);
      })
      .toBe(true);
    await dialog.getByText('Share to the community gallery').click();
    expect(await share.isChecked()).toBe(false);
    await dialog.getByText('Only you will see it, in My Videos.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.locator('video').waitFor({ timeout: 60_000 });
    await toast(page, 'Video Saved!').waitFor({ timeout: 10_000 });
    await dialog.getByText('Saved to your gallery (private).').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await posts()).map((p) => p.isPublic)).toEqual([false, false]);
    const listed = await publicPrompts();
    expect(listed).not.toContain('a tiny robot');
    expect(listed).not.toContain('a paper boat on a pond');

    await box.fill('@video a kite');
    await box.press('Enter');
    await dialog.getByRole('button', { name: 'Generate video' }).waitFor();
    await expect.poll(() => share.isChecked()).toBe(false);
    // Both free videos are used: Generate says why and where to get more, instead of failing after a click.
    await dialog.getByText('No videos left this month').waitFor();
    expect(await dialog.getByRole('button', { name: 'Generate video' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Upgrade for more videos' }).getAttribute('href')).toBe(
      '/plans',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await allowance()).used).toBe(2);

    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('a prompt the checks refuse is explained in plain words, and costs nothing', async (test) => {
    const { context, page } = await journey.newPage(test, viewports.desktop);
    await signUp(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    await page
      .getByRole('group', { name: 'Assistant commands' })
      .getByRole('button', { name: '@video' })
      .waitFor();
    await box.fill('@video a knight beheading a dragon, 4 seconds');
    await box.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    // The word list (no moderation service here) refuses it before anything is queued or counted.
    await page
      .locator('[data-scope="toast"]')
      .getByText(
        "This prompt can't be made into a video: it was flagged for graphic violence. Change it and try again.",
      )
      .waitFor();
    const used = await page.evaluate(
      async () => ((await (await fetch('/api/videos/allowance')).json()) as { used: number }).used,
    );
    expect(used).toBe(0);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });
});
