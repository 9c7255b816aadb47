import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { axeOn } from './support/axe.ts';
import { expectNoSideScroll, looks, screenshot, screenshotsWanted, shotsFolder } from './support/browser.ts';

/**
 * Folders of My Files as a person uses them: make a folder, move a file into it from the file's
 * menu, see the folder's count and its filtered list; then in the chat add the whole folder from the
 * paperclip's picker, ask, and find that file named among the answer's sources; back in My Files,
 * upload into the folder and delete it, its files kept. One wide light run;
 * all four looks (with screenshots) under `npm run screenshots`.
 */

const SHOTS = shotsFolder('fileFolders');
const signedIn = useSignedInContexts('ff');

const NOTES_NAME = 'orchard-notes.md';
const NOTES = Buffer.from(
  '# Orchard\n\nThe quince trees in the north orchard are pruned every February by Mira.\n',
);
const OTHER_NAME = 'shopping.txt';
const LOG_NAME = 'pruning-log.txt';

async function shot(page: Page, name: string, look: string, fullPage = false) {
  if (!screenshotsWanted) return;
  await page.waitForTimeout(400);
  await screenshot(page, { path: `${SHOTS}/${name}-${look}.png`, fullPage });
}

/** axe's serious and critical findings within `selector`. */
async function expectAxeClean(page: Page, selector: string) {
  const { violations } = await axeOn(page)
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

const answers = (page: Page) => page.getByRole('log', { name: 'Messages' }).locator('article[data-status]');

async function composerAction(page: Page, narrow: boolean, name: string) {
  if (!narrow) return page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Add to message' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name }).click();
}

async function ask(page: Page, question: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  const answer = answers(page).first();
  await answer.waitFor({ timeout: 10_000 });
  await expect.poll(() => answer.getAttribute('data-status'), { timeout: 15_000 }).toBe('complete');
  return answer;
}

const journeyLooks = screenshotsWanted ? looks : looks.filter((l) => l.name === '1280-light');

describe('Folders of My Files', () => {
  for (const look of journeyLooks) {
    it(`file into a folder and attach the folder at ${look.name}`, async () => {
      const narrow = look.viewport.width < 768;
      const ctx = await signedIn(look);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const [name, buffer, mimeType] of [
        [NOTES_NAME, NOTES, 'text/markdown'],
        [OTHER_NAME, Buffer.from('apples, pears'), 'text/plain'],
      ] as const) {
        const up = await ctx.request.post('/api/files', { multipart: { file: { name, mimeType, buffer } } });
        expect(up.status()).toBe(201);
      }

      // My Files: a new folder is made and shown (empty), then the notes are moved into it.
      await page.goto('/files');
      const notesRow = page.getByRole('row').filter({ hasText: NOTES_NAME });
      await notesRow.getByText('Ready · 1 passage').waitFor({ timeout: 15_000 });
      const folders = page.getByRole('group', { name: 'Folders' });
      await folders.getByRole('button', { name: 'New folder' }).click();
      const dialog = page.getByRole('dialog', { name: 'New folder' });
      await dialog.getByRole('textbox', { name: 'Folder name' }).fill('Orchard');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('No files in this folder').waitFor();
      await shot(page, 'empty-folder', look.name);
      await folders.getByRole('button', { name: 'All files' }).click();
      await notesRow.getByRole('button', { name: `Move ${NOTES_NAME} to a folder` }).click();
      await page.getByRole('menuitem', { name: 'Orchard' }).waitFor();
      await shot(page, 'move-menu', look.name);
      await page.getByRole('menuitem', { name: 'Orchard' }).click();
      const orchard = folders.getByRole('button', { name: 'Orchard 1 file' });
      await orchard.waitFor();
      await orchard.click();
      // The folder's list: its own heading and only its file.
      await page.getByRole('heading', { name: 'Orchard', level: 2 }).waitFor();
      await notesRow.waitFor();
      expect(await page.getByRole('row').filter({ hasText: OTHER_NAME }).count()).toBe(0);
      await expectNoSideScroll(page);
      await shot(page, 'files', look.name, true);
      await expectAxeClean(page, 'main');

      // The chat: the picker adds the folder's files; the chip names the file.
      await page.goto('/chat');
      await composerAction(page, narrow, 'Attach files from My Files');
      const picker = page.getByRole('dialog', { name: 'Attach files' });
      await picker
        .getByRole('group', { name: 'Add every file of a folder' })
        .getByRole('button', { name: 'Orchard 1 file' })
        .click();
      await picker.getByRole('status').filter({ hasText: 'Added 1 file from "Orchard".' }).waitFor();
      expect(await picker.getByRole('checkbox', { name: new RegExp(NOTES_NAME) }).isChecked()).toBe(true);
      expect(await picker.getByRole('checkbox', { name: new RegExp(OTHER_NAME) }).isChecked()).toBe(false);
      await shot(page, 'picker', look.name);
      await expectAxeClean(page, '[role="dialog"]');
      await picker.getByRole('button', { name: 'Attach 1 file' }).click();
      await picker.waitFor({ state: 'hidden' });
      const chips = page.getByRole('list', { name: 'Files this chat reads' });
      expect(await chips.getByRole('listitem').allTextContents()).toEqual([NOTES_NAME]);

      const answer = await ask(page, 'When are the quince trees in the north orchard pruned?');
      expect(await answer.textContent()).toContain('pruned every February');
      await answer
        .getByRole('region', { name: 'Sources' })
        .getByRole('link', { name: `Source 1: ${NOTES_NAME}` })
        .waitFor();

      // An upload made while the folder is shown goes into it; deleting the folder (asked first)
      // keeps its files, back under All files.
      await page.goto('/files');
      await folders.getByRole('button', { name: 'Orchard 1 file' }).click();
      await page.getByRole('button', { name: 'Upload File' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload a file' });
      await upload
        .locator('input[type="file"]')
        .setInputFiles({ name: LOG_NAME, mimeType: 'text/plain', buffer: Buffer.from('pruned in February') });
      await upload.waitFor({ state: 'hidden', timeout: 10_000 });
      await folders.getByRole('button', { name: 'Orchard 2 files' }).waitFor();
      await page.getByRole('row').filter({ hasText: LOG_NAME }).waitFor();
      await page.getByRole('button', { name: 'Options for folder Orchard' }).click();
      await page.getByRole('menuitem', { name: 'Delete folder' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this folder?' });
      await shot(page, 'delete-folder', look.name);
      await confirm.getByRole('button', { name: 'Delete folder' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await folders.getByRole('button', { name: 'All files', pressed: true }).waitFor();
      // All files is drawn from the list as it was, then from the server's answer with the folder's
      // files back in it: each row is waited for.
      await page.getByRole('row').filter({ hasText: OTHER_NAME }).waitFor();
      await expect.poll(() => notesRow.count()).toBe(1);
      await expect.poll(() => page.getByRole('row').filter({ hasText: LOG_NAME }).count()).toBe(1);
      await expect.poll(() => folders.getByRole('button', { name: /Orchard/ }).count()).toBe(0);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
