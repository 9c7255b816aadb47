import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../scripts/lib/api-process.ts';
import { ownDatabase } from '../tests/support/ownDatabase.ts';
import { makePremium, registerByApi, saveColorMode } from './support/accounts.ts';
import {
  expectNoSideScroll,
  launchBrowser,
  type Mode,
  screenshot,
  shotsFolder,
  uniqueName,
  viewports,
} from './support/browser.ts';
import { journeyAuthLimits } from './support/limits.ts';

/**
 * Compare as a person meets it: one prompt to three assistants side by side, one of them (Grok)
 * configured with a provider that cannot be reached, the others answering offline (no keys). The
 * api runs on a database of its own with that providers file.
 */

let browser: Browser;
let api: ApiProcess | undefined;
let dropDb = async () => {};
let databaseUrl = '';
const shots = shotsFolder('compare');

beforeAll(async () => {
  const own = await ownDatabase(inject('e2eDatabaseUrl'), 'chorus_e2e_compare');
  databaseUrl = own.url;
  dropDb = own.drop;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'chorus-e2e-compare-')), 'providers.json');
  // Port 9 (discard) is closed: Grok's answers fail at once.
  writeFileSync(file, JSON.stringify({ grok: { baseURL: 'http://127.0.0.1:9/v1', apiKey: 'sk-x' } }));
  api = await startApiProcess({
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'e2e-session-secret-0123456789',
    STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'chorus-e2e-compare-media-')),
    ...journeyAuthLimits,
    AI_PROVIDERS_FILE: file,
    AI_TIMEOUT_MS: '5000',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await dropDb();
});

async function signedIn(mode: Mode, premium: boolean) {
  const context = await browser.newContext({
    viewport: mode.viewport,
    colorScheme: mode.colorScheme,
    baseURL: api!.url,
  });
  const username = uniqueName('compare');
  await registerByApi(context.request, username, { baseUrl: api!.url });
  await saveColorMode(context.request, mode.colorScheme === 'dark');
  if (premium) await makePremium(databaseUrl, username);
  const page = await context.newPage();
  await page.goto('/chat');
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  return { context, page };
}

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const compared = (page: Page) => log(page).getByRole('region', { name: 'Compared answers' }).last();
const column = (page: Page, name: string | RegExp) => compared(page).getByRole('article', { name });

describe('compare', () => {
  it('streams three columns, shows a failing one, merges, and continues with the one picked', async () => {
    const { context, page } = await signedIn({ colorScheme: 'light', viewport: viewports.desktop }, true);
    try {
      // Typed @commands set up the compare, and the composer says so before anything is sent.
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('@claude @gemini @grok Why is the sky blue?');
      await page.getByText('Comparing Claude, Gemini, Grok · uses 3 prompts').waitFor();
      await box.press('Enter');
      await expect.poll(() => compared(page).getByRole('article').count(), { timeout: 15_000 }).toBe(3);
      // Grok's provider is unreachable: its column fails while the other two finish.
      await column(page, 'Grok').getByRole('alert').waitFor({ timeout: 20_000 });
      await column(page, 'Grok').getByRole('button', { name: 'Retry Grok' }).waitFor();
      for (const name of ['Claude', 'Gemini']) {
        await column(page, name)
          .getByRole('button', { name: 'Continue with this' })
          .or(column(page, name).getByText('Continuing with this'))
          .waitFor({ timeout: 20_000 });
      }
      await screenshot(page, { path: path.join(shots, 'compare-1280-light.png'), fullPage: true });

      // A reload shows every column again as it was written.
      await page.reload();
      await expect.poll(() => compared(page).getByRole('article').count(), { timeout: 15_000 }).toBe(3);
      await column(page, 'Grok').getByRole('alert').waitFor();

      // Merge: Claude writes one answer from the two; it streams below the columns.
      await compared(page).getByRole('button', { name: 'Merge' }).click();
      await page.getByRole('menuitem', { name: 'Claude' }).click();
      await expect
        .poll(() => log(page).locator('article[data-status="complete"]').count(), { timeout: 20_000 })
        .toBe(3);

      // Continue with Gemini: the next message is answered by Gemini.
      await column(page, 'Gemini').getByRole('button', { name: 'Continue with this' }).click();
      await column(page, 'Gemini').getByText('Continuing with this').waitFor();
      const gemini = log(page).getByRole('article', { name: 'Gemini', exact: true });
      const before = await gemini.count();
      await send(page, 'And why are sunsets red?');
      await expect.poll(() => gemini.count(), { timeout: 20_000 }).toBe(before + 1);
      // Exact: the offline answer quotes the question too.
      await log(page).getByText('And why are sunsets red?', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('on a phone: a blind compare set up with the Compare control, swiped, voted, on the leaderboard', async () => {
    const { context, page } = await signedIn({ colorScheme: 'dark', viewport: viewports.mobile }, false);
    try {
      await page.getByRole('button', { name: 'Compare' }).click();
      const pick = page.getByRole('group', { name: 'Assistants to compare' });
      await pick.getByText('Claude').click();
      await pick.getByText('Gemini').click();
      // Free: two at most.
      expect(await page.getByRole('checkbox', { name: 'GPT' }).isDisabled()).toBe(true);
      await page.getByText('Blind: names hidden until you vote').click();
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByText('Comparing 2 assistants, names hidden · uses 2 prompts').waitFor();

      await send(page, 'Write a haiku about rain');
      const cards = compared(page);
      await cards.getByTestId('compare-position').getByText('1 of 2').waitFor({ timeout: 15_000 });
      await cards.getByRole('button', { name: 'Best answer' }).first().waitFor({ timeout: 20_000 });
      expect(await cards.getByTestId('compare-name').allTextContents()).toEqual([
        'Assistant A',
        'Assistant B',
      ]);
      await expectNoSideScroll(page);
      await screenshot(page, { path: path.join(shots, 'blind-375-dark.png') });

      await cards.getByRole('button', { name: 'Next answer' }).click();
      await cards.getByTestId('compare-position').getByText('2 of 2').waitFor();
      await cards.getByRole('button', { name: 'Best answer' }).last().click();
      // The vote reveals the names.
      await expect
        .poll(async () => (await cards.getByTestId('compare-name').allTextContents()).join())
        .toMatch(/Assistant A · (Claude|Gemini),Assistant B · (Claude|Gemini)/);
      await cards.getByText(/You voted: (Claude|Gemini)/).waitFor();
      await screenshot(page, { path: path.join(shots, 'voted-375-dark.png') });
      // Continuing with the other answer (the one on screen may be the chat's already) keeps the names revealed.
      if ((await cards.getByRole('button', { name: 'Continue with this' }).count()) === 0) {
        await cards.getByRole('button', { name: 'Previous answer' }).click();
        await cards.getByTestId('compare-position').getByText('1 of 2').waitFor();
      }
      await cards.getByRole('button', { name: 'Continue with this' }).click();
      await cards.getByText('Continuing with this').waitFor();
      expect((await cards.getByTestId('compare-name').allTextContents()).join()).toContain(' · ');

      // The leaderboard is in the user menu (in the sidebar, opened from the header on phones),
      // reached by keyboard.
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.getByRole('button', { name: 'User menu' }).first().focus();
      await page.keyboard.press('Enter');
      const item = page.getByRole('menuitem', { name: 'Leaderboard' });
      await item.waitFor();
      for (
        let presses = 0;
        presses < 15 && (await item.getAttribute('data-highlighted')) === null;
        presses += 1
      ) {
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await page.waitForURL('**/leaderboard');
      const board = page.getByRole('table', { name: 'Your leaderboard' });
      await board.waitFor();
      expect(await board.getByRole('row').count()).toBe(3);
      await expectNoSideScroll(page);
      await screenshot(page, { path: path.join(shots, 'leaderboard-375-dark.png') });
    } finally {
      await context.close();
    }
  });
});
