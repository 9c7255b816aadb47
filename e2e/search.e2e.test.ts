import os from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveColorMode, signUpFree } from './support/accounts.ts';
import {
  baseUrl,
  expectNoSideScroll,
  screenshot,
  screenshotOnFailure,
  shotsFolder,
  uniqueName,
  useJourney,
  viewports,
} from './support/browser.ts';

/**
 * Chat search as a person uses it: send messages, press Ctrl+K, type part of a word, see the
 * matches highlighted, press Enter and land in the chat at that message. Screenshots of the dialog
 * and of the opened message at 375 and 1280 px, light and dark, go to /tmp/shots/search/.
 */

const SHOTS = shotsFolder('search');
const CHAT_AT_MESSAGE = /\/chat\/([0-9a-f-]{36})\?message=([0-9a-f-]{36})$/;

const journey = useJourney('search');

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const answers = (page: Page) => page.locator('[role="log"] article[data-status]');
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search chats' });
const signUp = (page: Page) => signUpFree(page, uniqueName('search'), 'search-pass-123');
const results = (page: Page) => page.getByRole('listbox', { name: 'Results' }).getByRole('option');

async function send(page: Page, text: string, answersAfter: number) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await expect.poll(() => answers(page).count(), { timeout: 15_000 }).toBe(answersAfter);
  await expect
    .poll(
      () =>
        answers(page)
          .nth(answersAfter - 1)
          .getAttribute('data-status'),
      { timeout: 15_000 },
    )
    .not.toBe('streaming');
}

/** Ctrl+K, then the text; waits for the first result to show a mark. */
async function searchFor(page: Page, text: string) {
  await page.keyboard.press('Control+K');
  await searchBox(page).waitFor({ timeout: 10_000 });
  await expect.poll(() => searchBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
  await searchBox(page).pressSequentially(text, { delay: 30 });
  await page.getByRole('listbox', { name: 'Results' }).and(page.locator('[aria-busy="false"]')).waitFor();
  await results(page).first().locator('mark').first().waitFor({ timeout: 10_000 });
}

/**
 * Searches for the edited-away kayak prompt and opens it: the chat switches to that version, says
 * so, and the result is the highlighted message, version 1 / 2.
 */
async function openOtherVersion(page: Page) {
  await searchFor(page, 'kayak');
  await searchBox(page).press('Enter');
  await page.waitForURL(CHAT_AT_MESSAGE, { timeout: 10_000 });
  const [, , hitId = ''] = page.url().match(CHAT_AT_MESSAGE) ?? [];
  await page.getByText('Showing another version of this chat').waitFor({ timeout: 10_000 });
  const target = page.locator(`[data-message-id="${hitId}"]`);
  await expect.poll(() => target.getAttribute('data-highlighted'), { timeout: 5_000 }).toBe('');
  expect(await target.textContent()).toContain('kayak');
  const prompt = page.locator('[role="log"] article[aria-label="Your message"]').nth(1);
  await expect.poll(() => prompt.getByTestId('version-position').textContent()).toBe('1 / 2');
  expect(await page.getByText('Which canoe should a beginner rent').count()).toBe(0);
}

describe('chat search', () => {
  let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let chatId = '';
  let messageId = '';

  it('Ctrl+K finds a sent message by part of a word and Enter opens the chat at it, highlighted', async (test) => {
    const { context, page } = await journey.newPage(test, viewports.desktop);
    try {
      await signUp(page);
      await send(page, 'Plan a picnic with strawberries and lemonade by the river', 1);
      await send(page, 'Which kayak should a beginner rent for a calm lake?', 2);
      await searchFor(page, 'strawb');
      const first = results(page).first();
      await expect.poll(() => first.locator('mark').first().textContent()).toMatch(/^strawberries$/i);
      await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
      // Only the matched words are marked; the rest of the message is plain text around them.
      expect(await first.textContent()).toContain('Plan a picnic with strawberries and lemonade');

      // Arrow keys move through the results and back; Enter opens the chosen one.
      const count = await results(page).count();
      await searchBox(page).press('ArrowDown');
      if (count > 1) await expect.poll(() => results(page).nth(1).getAttribute('aria-selected')).toBe('true');
      await searchBox(page).press('ArrowUp');
      await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
      await searchBox(page).press('Enter');
      await page.waitForURL(CHAT_AT_MESSAGE, { timeout: 10_000 });
      [, chatId = '', messageId = ''] = page.url().match(CHAT_AT_MESSAGE) ?? [];
      await searchBox(page).waitFor({ state: 'hidden' });

      const target = page.locator(`[data-message-id="${messageId}"]`);
      await expect.poll(() => target.getAttribute('data-highlighted'), { timeout: 5_000 }).toBe('');
      expect(await target.textContent()).toContain('strawberries');
      const box = await target.boundingBox();
      expect(box && box.y >= 0 && box.y + 10 < viewports.desktop.height).toBe(true);
      // The highlight fades after a moment.
      await expect.poll(() => target.getAttribute('data-highlighted'), { timeout: 6_000 }).toBeNull();

      // Esc closes the dialog; a search with no match says so; the header button opens it too.
      await page.keyboard.press('Control+K');
      await searchBox(page).fill('zzqxjv');
      await page.getByText('No chats match "zzqxjv".').waitFor();
      await page.keyboard.press('Escape');
      await searchBox(page).waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Search chats' }).click();
      await expect.poll(() => searchBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await searchBox(page).inputValue()).toBe('');
      await page.keyboard.press('Escape');

      // A result on a version the chat no longer shows: the kayak prompt, edited into a canoe one.
      await page
        .getByRole('article', { name: 'Your message' })
        .last()
        .getByRole('button', { name: 'Edit message' })
        .click();
      const editor = page.getByRole('textbox', { name: 'Edit your message' });
      await editor.fill('Which canoe should a beginner rent for a calm lake?');
      await editor.press('Enter');
      // The old prompt and its answer leave the screen once the edit is saved; then its answer ends.
      await expect
        .poll(() => page.getByText('Which kayak should a beginner rent').count(), { timeout: 15_000 })
        .toBe(0);
      await page.getByRole('article', { name: 'Your message' }).getByText('Which canoe should').waitFor();
      await expect
        .poll(() => answers(page).last().getAttribute('data-status'), { timeout: 15_000 })
        .not.toBe('streaming');
      await openOtherVersion(page);
      // Back to the path the user was on, as it was.
      await page.getByRole('button', { name: 'Back to the version you were on' }).click();
      await page.getByText('Which canoe should a beginner rent for a calm lake?').first().waitFor();
      await expect.poll(() => page.getByText('Which kayak should a beginner rent').count()).toBe(0);
      await expect.poll(() => page.getByText('Showing another version of this chat').count()).toBe(0);

      expect((page as Page & { errors: string[] }).errors).toEqual([]);
      storageState = await context.storageState();
    } finally {
      await context.close();
    }
  });

  it('lists a chat once, with how many of its messages match', async (test) => {
    const { context, page } = await journey.newPage(test, viewports.desktop);
    try {
      await signUp(page);
      await send(page, 'Is gooseberry jam hard to make?', 1);
      await send(page, 'And how long do gooseberries keep in the fridge?', 2);
      await searchFor(page, 'gooseb');
      await expect.poll(() => results(page).count()).toBe(1);
      const only = results(page).first();
      expect(await only.getByTestId('match-count').textContent()).toMatch(/^([2-9]|\d{2,}) matches$/);
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const [viewportName, viewport] of Object.entries(viewports)) {
    for (const dark of [false, true]) {
      const shot = `${viewport.width}-${dark ? 'dark' : 'light'}`;
      it(`looks right at ${viewport.width} px, ${dark ? 'dark' : 'light'} (${viewportName})`, async (test) => {
        expect(chatId, 'the journey above ran').not.toBe('');
        const context = await journey.browser().newContext({
          viewport,
          baseURL: baseUrl(),
          colorScheme: dark ? 'dark' : 'light',
          storageState,
        });
        const page = await context.newPage();
        screenshotOnFailure(test, page, 'search');
        try {
          // The saved appearance follows the account; set the one this screenshot shows.
          await saveColorMode(context.request, dark);
          await page.goto(`/chat/${chatId}`);
          await messageBox(page).waitFor();
          await page.locator('[role="log"]').waitFor();
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
          await searchFor(page, 'kayak begin');
          await page.waitForTimeout(300);
          await expectNoSideScroll(page);
          await screenshot(page, { path: `${SHOTS}/dialog-${shot}.png` });

          await searchBox(page).fill('');
          await searchFor(page, 'strawb');
          await searchBox(page).press('Enter');
          await page.waitForURL(CHAT_AT_MESSAGE);
          await expect
            .poll(() => page.locator('[data-highlighted]').getAttribute('data-message-id'), {
              timeout: 5_000,
            })
            .toBe(messageId);
          await page.waitForTimeout(700);
          await expectNoSideScroll(page);
          await screenshot(page, { path: `${SHOTS}/opened-${shot}.png` });

          // A result on another version: the notice, then back (so the next size starts the same).
          await openOtherVersion(page);
          await page.waitForTimeout(700);
          await expectNoSideScroll(page);
          await screenshot(page, { path: `${SHOTS}/other-version-${shot}.png` });
          await page.getByRole('button', { name: 'Back to the version you were on' }).click();
          await page.getByText('Which canoe should a beginner rent for a calm lake?').first().waitFor();
        } catch (error) {
          await page.screenshot({ path: `${os.tmpdir()}/search-e2e-failure-${shot}.png` }).catch(() => {});
          throw error;
        } finally {
          await context.close();
        }
      });
    }
  }
});
