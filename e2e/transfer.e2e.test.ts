import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { axeProblems } from './support/axe.ts';
import { expectNoSideScroll, looks, screenshot, shotsFolder, viewports } from './support/browser.ts';

/**
 * Import and export of chats in Chromium (issue 18, item 4): the ChatGPT fixture goes in through
 * the sidebar's "Import chats" dialog, its chats appear in the sidebar, one leaves as Markdown.
 */

const SHOTS = shotsFolder('transfer');
const FIXTURES = path.join(import.meta.dirname, '../tests/fixtures/import');
const signedIn = useSignedInContexts('tr', { acceptDownloads: true });

const shot = (page: Page, name: string) => screenshot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });

/** Opens /chat and the Import dialog (through the drawer on a phone). */
async function openImportDialog(page: Page, narrow: boolean) {
  await page.goto('/chat');
  if (narrow) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.getByRole('button', { name: 'Import chats' }).click();
  return page.getByRole('dialog', { name: 'Import chats' });
}

describe('import and export of chats', () => {
  it('imports a ChatGPT export through the dialog, lists its chats, exports one as Markdown', async () => {
    const ctx = await signedIn({ colorScheme: 'light', viewport: viewports.desktop });
    const page = await ctx.newPage();
    const dialog = await openImportDialog(page, false);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(path.join(FIXTURES, 'chatgpt-conversations.json'));
    // Auto-detect is the default format.
    expect(await dialog.getByRole('combobox').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('Imported 2 chats with 7 messages.').waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'import-done-1280-light');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The chats are in the sidebar; the one with a branch shows the path that was current.
    const sidebarChat = page.getByRole('link', { name: /Sourdough starter/ });
    await sidebarChat.waitFor();
    await page.getByRole('link', { name: /Packing list/ }).waitFor();
    await sidebarChat.click();
    await page
      .getByRole('log', { name: 'Messages' })
      .getByText('It is hungry: feed it twice a day for a few days.')
      .waitFor();
    expect(
      await page
        .getByRole('log', { name: 'Messages' })
        .getByText('An older answer that was regenerated away.')
        .count(),
    ).toBe(0);
    // Under the answer: its assistant and the model ChatGPT named; no count, as the file has none.
    expect(await page.getByTestId('answer-details').last().textContent()).toBe('GPT · gpt-4o');
    // The other branch came too: the answer is version 2 / 2, and the arrow shows the first.
    const versions = page.getByRole('group', { name: 'Versions of this answer' });
    expect(await versions.getByTestId('version-position').textContent()).toBe('2 / 2');
    await versions.getByRole('button', { name: 'Previous version of this answer' }).click();
    await page
      .getByRole('log', { name: 'Messages' })
      .getByText('An older answer that was regenerated away.')
      .waitFor();
    await versions.getByRole('button', { name: 'Next version of this answer' }).click();
    await page
      .getByRole('log', { name: 'Messages' })
      .getByText('It is hungry: feed it twice a day for a few days.')
      .waitFor();

    // Export as Markdown: a download named after the chat.
    await page.getByRole('button', { name: 'Export this chat' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /Markdown/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Sourdough-starter.md');
    const markdown = readFileSync(await download.path(), 'utf8');
    expect(markdown).toMatch(/^# Sourdough starter\n/);
    expect(markdown).toContain('How do I feed a sourdough starter?');
    expect(markdown).not.toContain('regenerated away');
    await shot(page, 'chat-1280-light');

    // Importing the same file again adds nothing, and says so.
    const again = await openImportDialog(page, false);
    await again
      .locator('input[type="file"]')
      .setInputFiles(path.join(FIXTURES, 'chatgpt-conversations.json'));
    await again.getByRole('button', { name: 'Import' }).click();
    await again.getByText('Nothing new: these chats were imported before.').waitFor();
    await ctx.close();
  }, 120_000);

  it("shows each answer's assistant, model and token count under it (a Chorus export)", async () => {
    for (const mode of looks) {
      const ctx = await signedIn(mode);
      const page = await ctx.newPage();
      const dialog = await openImportDialog(page, mode.viewport.width < 768);
      await dialog.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, 'chorus-export.json'));
      await dialog.getByRole('button', { name: 'Import' }).click();
      await dialog.getByText('Imported 1 chat with 2 messages.').waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('link', { name: /Trip to Lisbon/ }).click();
      await page
        .getByRole('log', { name: 'Messages' })
        .getByText('Belém Tower, the Alfama and a tram 28 ride.')
        .waitFor();
      const details = page.getByTestId('answer-details');
      await expect.poll(() => details.count()).toBe(1);
      expect(await details.textContent()).toBe('Gemini · gemini-2.5-flash · 12 tokens');
      await expectNoSideScroll(page);
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, `answer-details-${mode.name}`);
      await ctx.close();
    }
  }, 180_000);

  it('looks right at 375 and 1280 px, light and dark, and shows a foreign file’s error', async () => {
    for (const mode of [
      {
        colorScheme: 'light',
        viewport: viewports.mobile,
        name: '375-light',
        file: 'claude-conversations.json',
      },
      { colorScheme: 'dark', viewport: viewports.mobile, name: '375-dark', file: 'foreign.json' },
      { colorScheme: 'dark', viewport: viewports.desktop, name: '1280-dark', file: 'malformed.json' },
    ] as const) {
      const ctx = await signedIn(mode);
      const page = await ctx.newPage();
      const narrow = mode.viewport.width < 768;
      const dialog = await openImportDialog(page, narrow);
      await shot(page, `import-empty-${mode.name}`);
      await dialog.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, mode.file));
      await dialog.getByRole('button', { name: 'Import' }).click();
      if (mode.file === 'claude-conversations.json') {
        await dialog.getByText('Imported 2 chats with 6 messages.').waitFor();
      } else if (mode.file === 'foreign.json') {
        await dialog
          .getByRole('alert')
          .getByText(/not a Chorus, ChatGPT or Claude chat export/)
          .waitFor();
      } else {
        await dialog
          .getByRole('alert')
          .getByText(/This file is not JSON/)
          .waitFor();
      }
      await expectNoSideScroll(page);
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, `import-${mode.name}`);
      if (mode.file === 'claude-conversations.json') {
        // The imported chat, opened from the drawer: its header carries Export beside Share.
        await dialog.getByRole('button', { name: 'Done' }).click();
        await page.getByRole('link', { name: /Haiku about autumn/ }).click();
        await page.getByRole('log', { name: 'Messages' }).getByText('Write a haiku about autumn.').waitFor();
        await page.getByRole('button', { name: 'Export this chat' }).click();
        await page.getByRole('menuitem', { name: /JSON/ }).waitFor();
        await expectNoSideScroll(page);
        await shot(page, `chat-${mode.name}`);
      }
      await ctx.close();
    }
  }, 180_000);
});
