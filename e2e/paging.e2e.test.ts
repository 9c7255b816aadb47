import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertLongChat } from '../tests/support/longChat.ts';
import { markEmailVerified, registerByApi, saveColorMode } from './support/accounts.ts';
import {
  expectNoSideScroll,
  launchBrowser,
  looks,
  type Mode,
  modeContext,
  screenshot,
  uniqueName,
  viewports,
} from './support/browser.ts';

/**
 * Lists that page (issue 16) in Chromium: a long chat opens on the latest messages of the path it
 * shows, and scrolling to the top brings the earlier ones above without moving what the reader was
 * looking at; My Chats loads more as its end comes into view.
 */

const SHOTS = '/tmp/shots/paging';
/**
 * A list that changes after a request to the api (Load more, a delete, a search) is polled for as long
 * as the other waits here: poll's one-second default failed on a busy two-core machine.
 */
const AFTER_A_REQUEST = { timeout: 10_000 };
let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function signedIn(mode: Mode): Promise<{ ctx: BrowserContext; userId: string }> {
  const ctx = await modeContext(browser, mode);
  const username = uniqueName('pg');
  const userId = await registerByApi(ctx.request, username);
  await markEmailVerified(username);
  await saveColorMode(ctx.request, mode.colorScheme === 'dark');
  return { ctx, userId };
}

/** A signed-in page whose errors are collected, after `seedSql` ran with the new user's id as $1. */
async function signedInPage(mode: Mode, seedSql: string) {
  const { ctx, userId } = await signedIn(mode);
  const db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  try {
    await db.query(seedSql, [userId]);
  } finally {
    await db.end();
  }
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { ctx, page, errors };
}

/**
 * 69 older chats, and "Long talk": 130 messages, each following the one before, and an earlier
 * version of answer 60 beside the path (not shown); the chat shows message 130.
 */
async function seed(userId: string): Promise<string> {
  const db = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await db.connect();
  try {
    await db.query(
      `insert into chats (id, user_id, title, created_at, updated_at)
       select gen_random_uuid(), $1, 'Old chat ' || i, now() - interval '1 day', now() - i * interval '1 hour'
         from generate_series(1, 69) i`,
      [userId],
    );
    const chatId = await insertLongChat(db, userId, {
      title: 'Long talk',
      texts: Array.from({ length: 130 }, (_, i) => `Line number ${i + 1}`),
    });
    await db.query(
      `insert into messages (id, chat_id, parent_id, role, model, content, created_at, updated_at)
       select gen_random_uuid(), chat_id, parent_id, 'assistant', 'gpt', 'An earlier version of line 60', created_at, now()
         from messages where chat_id = $1 and content = 'Line number 60'`,
      [chatId],
    );
    return chatId;
  } finally {
    await db.end();
  }
}

const scrollLogToTop = (page: Page) =>
  page.evaluate(() => {
    // The scroller is the log's grandparent: scroller > content > log.
    const scroller = document.querySelector('[role="log"]')!.parentElement!.parentElement!;
    scroller.scrollTop = 0;
    scroller.dispatchEvent(new Event('scroll'));
    return scroller.scrollTop;
  });

/** Where a line's bubble is, relative to the top of the visible part of the conversation. */
const placeOf = (page: Page, line: number) =>
  page.evaluate((n) => {
    const scroller = document.querySelector('[role="log"]')!.parentElement!.parentElement!;
    const el = [...document.querySelectorAll('[role="log"] article')].find((a) =>
      new RegExp(`Line number ${n}(?!\\d)`).test(a.textContent ?? ''),
    )!;
    return {
      top: el.getBoundingClientRect().top - scroller.getBoundingClientRect().top,
      scrollTop: scroller.scrollTop,
    };
  }, line);

describe('lists that page', () => {
  it('loads earlier messages above in place when scrolled to the top, and more chats at the end of My Chats', async () => {
    const { ctx, userId } = await signedIn({ colorScheme: 'light', viewport: viewports.desktop });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const chatId = await seed(userId);

    await page.goto(`/chat/${chatId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText('Line number 130', { exact: true }).waitFor();
    const shown = () => log.getByText(/^Line number \d+$/).count();
    // The latest page (30), or two if the first did not fill the screen.
    expect([30, 60]).toContain(await shown());
    expect(await log.getByText('Line number 130', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, { path: `${SHOTS}/desktop-light-latest.png` });

    // Scrolled to the top: the page before it arrives above, and what was at the top stays put.
    const count = await shown();
    const firstShown = 131 - count;
    expect(await scrollLogToTop(page)).toBe(0);
    const atTop = await placeOf(page, firstShown);
    await expect.poll(shown, { timeout: 10_000 }).toBe(count + 30);
    const after = await placeOf(page, firstShown);
    expect(after.scrollTop).toBeGreaterThan(300);
    expect(Math.abs(after.top - atTop.top)).toBeLessThan(4);
    await screenshot(page, { path: `${SHOTS}/desktop-light-older.png` });

    // All the way back: the chat's first message, the path only, in order, nothing left to load.
    for (let i = 0; i < 8 && (await shown()) < 130; i++) {
      await scrollLogToTop(page);
      await page.waitForTimeout(300);
    }
    await expect.poll(shown, { timeout: 10_000 }).toBe(130);
    await log.getByText('Line number 1', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Load earlier messages' }).count()).toBe(0);
    const order = await log.getByText(/^Line number \d+$/).allTextContents();
    expect(order).toEqual(Array.from({ length: 130 }, (_, i) => `Line number ${i + 1}`));
    expect(await log.getByText('An earlier version of line 60').count()).toBe(0);

    // My Chats shows 40 first, and the rest as its end scrolls into view.
    const chatLinks = page.getByRole('link', { name: /^(Old chat \d+|Long talk)/ });
    await expect.poll(() => chatLinks.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(40);
    for (let i = 0; i < 4 && (await chatLinks.count()) < 70; i++) {
      await page
        .getByRole('button', { name: 'Load more chats' })
        .scrollIntoViewIfNeeded({ timeout: 2_000 })
        .catch(() => {});
      await page.waitForTimeout(300);
    }
    await expect.poll(() => chatLinks.count(), { timeout: 10_000 }).toBe(70);
    await page.getByRole('link', { name: /^Old chat 69/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Load more chats' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('shows My Video Gallery a page at a time: Load more, a server-side search, and a delete from the second page', async () => {
    const { ctx, page, errors } = await signedInPage(
      { colorScheme: 'dark', viewport: viewports.mobile },
      `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, is_public, created_at, updated_at)
       select gen_random_uuid(), $1::uuid, 'gallery-' || $1::text || '-' || i, 'Gallery clip ' || i, 'a prompt',
              array[case when i % 2 = 0 then 'even' else 'odd' end], '4', '1280x720', '/media/none.mp4', i % 3 = 0,
              now() - (30 - i) * interval '1 minute', now()
         from generate_series(1, 30) i`,
    );

    await page.goto('/gallery');
    await page.getByText('30 video(s) saved').waitFor();
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(24);
    await page.getByRole('article', { name: 'Gallery clip 30' }).waitFor();
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/375-dark-gallery-first-page.png` });
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count(), AFTER_A_REQUEST).toBe(30);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await expectNoSideScroll(page);

    // The oldest, read with the second page, goes at once; the count follows.
    await page.getByRole('button', { name: 'Delete Gallery clip 1', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('29 video(s) saved').waitFor();
    await expect.poll(() => cards.count(), AFTER_A_REQUEST).toBe(29);
    expect(await page.getByRole('article', { name: 'Gallery clip 1', exact: true }).count()).toBe(0);

    // Search and tag filter ask the server, so they reach videos no page has shown yet.
    await page.getByRole('searchbox', { name: 'Search your videos' }).fill('CLIP 7');
    await expect.poll(() => cards.count(), AFTER_A_REQUEST).toBe(1);
    await page.getByRole('article', { name: 'Gallery clip 7' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search your videos' }).fill('');
    await page.getByRole('button', { name: '#even', exact: true }).click();
    await expect.poll(() => cards.count(), AFTER_A_REQUEST).toBe(15);
    await screenshot(page, { path: `${SHOTS}/375-dark-gallery.png`, fullPage: true });
    await page.setViewportSize(viewports.desktop);
    await screenshot(page, { path: `${SHOTS}/1280-dark-gallery.png` });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('shows My Files 50 at a time, and a delete from the second page keeps the rest', async () => {
    const { ctx, page, errors } = await signedInPage(
      { colorScheme: 'light', viewport: viewports.desktop },
      `insert into files (id, user_id, name, content_type, size, storage_key, purpose, created_at)
       select gen_random_uuid(), $1::uuid, 'Note ' || i || '.txt', 'text/plain', 1000, 'e2e/' || $1::text || '/' || i,
              'upload', now() - (60 - i) * interval '1 minute'
         from generate_series(1, 60) i`,
    );

    await page.goto('/files');
    await page.getByText('Note 60.txt', { exact: true }).waitFor();
    const rows = page.getByRole('table', { name: 'Your files' }).locator('tbody tr');
    await expect.poll(() => rows.count(), AFTER_A_REQUEST).toBe(50);
    await page.getByRole('button', { name: 'Load more files' }).click();
    await expect.poll(() => rows.count(), AFTER_A_REQUEST).toBe(60);
    expect(await page.getByRole('button', { name: 'Load more files' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete Note 1.txt' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => rows.count(), AFTER_A_REQUEST).toBe(59);
    expect(await page.getByText('Note 1.txt', { exact: true }).count()).toBe(0);
    await screenshot(page, { path: `${SHOTS}/1280-light-files.png` });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  for (const mode of looks.filter((look) => look.name !== '1280-light')) {
    it(`shows earlier messages loading in place at ${mode.name} without side scroll`, async () => {
      const { ctx, userId } = await signedIn(mode);
      const page = await ctx.newPage();
      const chatId = await seed(userId);
      await page.goto(`/chat/${chatId}`);
      const log = page.getByRole('log', { name: 'Messages' });
      await log.getByText('Line number 130', { exact: true }).waitFor();
      const shown = () => log.getByText(/^Line number \d+$/).count();
      const count = await shown();
      await scrollLogToTop(page);
      await expect.poll(shown, { timeout: 10_000 }).toBe(count + 30);
      await screenshot(page, { path: `${SHOTS}/${mode.name}-older.png` });
      await expectNoSideScroll(page);
      await ctx.close();
    });
  }
});
