import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { axeOn } from './support/axe.ts';
import { expectNoSideScroll, looks, screenshot, screenshotsWanted, shotsFolder } from './support/browser.ts';
import { WEB_RESULTS } from './support/webResults.ts';

/**
 * Answers grounded in one's files and the web, as a person gets them: upload notes in My Files and
 * watch them become ready, attach them in the chat with the paperclip, ask, read the offline answer
 * quoting the passage with [1], follow the citation to its source and the source to the file; then
 * "Search the web" for one message and see the stand-in search's results (e2e/globalSetup.ts) cited.
 * A wide light screen and a phone in dark mode; all four looks under `npm run screenshots`.
 */

const SHOTS = shotsFolder('knowledge');
const signedIn = useSignedInContexts('kn');

const NOTES_NAME = 'lantern-notes.md';
const NOTES = Buffer.from(
  "# Lantern festival\n\nThe floating lanterns are released at nine o'clock from the east pier of Lake Varna.\n",
);

async function shot(page: Page, name: string, look: string, fullPage = false) {
  if (!screenshotsWanted) return;
  // Let entrance transitions finish.
  await page.waitForTimeout(400);
  await screenshot(page, { path: `${SHOTS}/${name}-${look}.png`, fullPage });
}

/** axe's serious and critical findings within `selector` (the whole page is e2e/a11y.e2e.test.ts's). */
async function expectAxeClean(page: Page, selector: string) {
  const { violations } = await axeOn(page)
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    selector,
  ).toEqual([]);
}

/**
 * Uses one of the composer's actions: a button beside the message box, or on a phone an item of its
 * "+" menu.
 */
async function composerAction(page: Page, narrow: boolean, name: string) {
  if (!narrow) return page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Add to message' }).click();
  await page
    .getByRole('menu')
    .getByRole(/web/.test(name) ? 'menuitemcheckbox' : 'menuitem', { name })
    .click();
}

/** Whether "Search the web" is on for the next message, as its button or menu item shows it. */
async function webSearchOn(page: Page, narrow: boolean, keepMenuOpen = false): Promise<boolean> {
  if (!narrow)
    return (
      (await page.getByRole('button', { name: 'Search the web' }).getAttribute('aria-pressed')) === 'true'
    );
  await page.getByRole('button', { name: 'Add to message' }).click();
  const item = page.getByRole('menu').getByRole('menuitemcheckbox', { name: 'Search the web' });
  const on = (await item.getAttribute('aria-checked')) === 'true';
  if (!keepMenuOpen) await closeMenu(page);
  return on;
}

/**
 * Closes the open menu with Escape. Escape pressed while the menu is still opening (before it has the
 * focus) reaches the page instead: it is pressed again if the menu is still there after a while.
 */
async function closeMenu(page: Page): Promise<void> {
  const menu = page.getByRole('menu');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Escape');
    const closed = await menu.waitFor({ state: 'hidden', timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (closed) break;
    if (attempt === 3) await menu.waitFor({ state: 'hidden' });
  }
}

const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const answers = (page: Page) => messages(page).locator('article[data-status]');

/** Types a question and sends it with Enter; the answer to it, once it is finished. */
async function ask(page: Page, question: string, count: number): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  await expect.poll(() => answers(page).count(), { timeout: 10_000 }).toBe(count);
  const answer = answers(page).nth(count - 1);
  await expect.poll(() => answer.getAttribute('data-status'), { timeout: 15_000 }).toBe('complete');
  return answer;
}

// Runs one wide light and one narrow dark look; every look when screenshots are taken.
const journeyLooks = screenshotsWanted
  ? looks
  : looks.filter((l) => l.name === '1280-light' || l.name === '375-dark');

describe('Answers grounded in my files and the web', () => {
  for (const look of journeyLooks) {
    it(`attach, ask, open a source, search the web at ${look.name}`, async () => {
      const narrow = look.viewport.width < 768;
      const ctx = await signedIn(look);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      // My Files: upload through the dialog, then the file is read into passages by the worker.
      await page.goto('/files');
      await page.getByRole('button', { name: 'Upload File' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload a file' });
      await upload
        .locator('input[type="file"]')
        .setInputFiles({ name: NOTES_NAME, mimeType: 'text/markdown', buffer: NOTES });
      await upload.waitFor({ state: 'hidden', timeout: 10_000 });
      const row = page.getByRole('row').filter({ hasText: NOTES_NAME });
      await row.getByText('Ready · 1 passage').waitFor({ timeout: 15_000 });
      await row.getByRole('button', { name: `Read ${NOTES_NAME} again` }).waitFor();
      await expectNoSideScroll(page);
      await shot(page, 'files', look.name, true);
      // axe takes seconds a page: My Files and the picker are checked in the dark look (where contrast
      // most often slips), the finished chat in both.
      if (look.colorScheme === 'dark') await expectAxeClean(page, 'main');

      // The chat: the paperclip opens the picker of My Files; the picked file shows as a chip.
      await page.goto('/chat');
      await composerAction(page, narrow, 'Attach files from My Files');
      const picker = page.getByRole('dialog', { name: 'Attach files' });
      const choice = picker.getByRole('checkbox', { name: new RegExp(NOTES_NAME) });
      await choice.waitFor();
      expect(await picker.getByText('Ready · 1 passage').isVisible()).toBe(true);
      // The box is drawn over a hidden input: a person clicks the file's name.
      await picker.locator('label').filter({ hasText: NOTES_NAME }).click();
      expect(await choice.isChecked()).toBe(true);
      await shot(page, 'picker', look.name);
      if (look.colorScheme === 'dark') await expectAxeClean(page, '[role="dialog"]');
      await picker.getByRole('button', { name: 'Attach 1 file' }).click();
      await picker.waitFor({ state: 'hidden' });
      const chips = page.getByRole('list', { name: 'Files this chat reads' });
      expect(await chips.getByRole('listitem').allTextContents()).toEqual([NOTES_NAME]);

      // The offline answer quotes the passage with [1], and lists the file under it.
      const answer = await ask(page, 'When are the floating lanterns released at Lake Varna?', 1);
      expect(await answer.textContent()).toContain('east pier of Lake Varna');
      const sources = answer.getByRole('region', { name: 'Sources' });
      const fileSource = sources.getByRole('link', { name: `Source 1: ${NOTES_NAME}` });
      await fileSource.waitFor();
      const files = (await (await ctx.request.get('/api/files')).json()) as { id: string; name: string }[];
      const fileId = files.find((f) => f.name === NOTES_NAME)?.id;
      expect(fileId).toBeTruthy();
      expect(await fileSource.getAttribute('href')).toMatch(new RegExp(`^/api/files/${fileId}/download`));
      await answer.getByRole('link', { name: 'Source 1', exact: true }).click();
      await expect
        .poll(() => page.evaluate(() => document.querySelector(':target')?.textContent ?? ''))
        .toContain(NOTES_NAME);
      expect(await sources.locator('li:target').count()).toBe(1);
      await expectNoSideScroll(page);
      await shot(page, 'answer-file', look.name);
      // The source opens the file itself, in a new tab.
      const [opened] = await Promise.all([ctx.waitForEvent('page'), fileSource.click()]);
      await opened.waitForLoadState();
      expect(await opened.locator('body').textContent()).toContain('east pier of Lake Varna');
      await opened.close();

      // "Search the web" for one message: its results are cited after the file's passage.
      await composerAction(page, narrow, 'Search the web');
      await page.getByText('Searching the web').waitFor();
      expect(await webSearchOn(page, narrow, true)).toBe(true);
      if (narrow) {
        await shot(page, 'add-menu', look.name);
        await closeMenu(page);
      }
      await page
        .getByRole('textbox', { name: 'Message' })
        .fill('What do people say about the lantern festival?');
      await expectNoSideScroll(page);
      await shot(page, 'composer', look.name);
      const second = await ask(page, 'What do people say about the lantern festival?', 2);
      // The switch is for one message: it is off again, and the files stay.
      expect(await page.getByText('Searching the web').count()).toBe(0);
      expect(await webSearchOn(page, narrow)).toBe(false);
      expect(await chips.getByRole('listitem').allTextContents()).toEqual([NOTES_NAME]);
      const webSources = second.getByRole('region', { name: 'Sources' });
      for (const result of WEB_RESULTS) {
        const link = webSources.getByRole('link', { name: new RegExp(`^Source \\d+: ${result.title}$`) });
        expect(await link.getAttribute('href')).toBe(result.url);
      }
      expect(await second.textContent()).toContain('forty minutes');
      await expectNoSideScroll(page);
      await shot(page, 'answer-web', look.name);
      // The chat keeps its files on the server: opened again (any device), it still reads them.
      await page.reload();
      await chips.getByRole('listitem').first().waitFor();
      expect(await chips.getByRole('listitem').allTextContents()).toEqual([NOTES_NAME]);
      // A file dropped on the composer goes to My Files and joins the files the chat reads.
      const dropped = await page.evaluateHandle(() => {
        const transfer = new DataTransfer();
        transfer.items.add(
          new File(['The ferry to Varna leaves at nine.'], 'ferry.txt', { type: 'text/plain' }),
        );
        return transfer;
      });
      await page.getByRole('textbox', { name: 'Message' }).dispatchEvent('drop', { dataTransfer: dropped });
      await chips.getByText('ferry.txt').waitFor();
      expect(await chips.getByRole('listitem').allTextContents()).toEqual([NOTES_NAME, 'ferry.txt']);
      await expectAxeClean(page, 'body');
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
