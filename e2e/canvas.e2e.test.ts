import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { axeOn } from './support/axe.ts';
import { expectNoSideScroll, looks, screenshot, screenshotsWanted, shotsFolder } from './support/browser.ts';

/**
 * The canvas beside the chat (web/src/features/canvas): ask, "Open in canvas" on the answer, select
 * one sentence, "Shorter" (the offline assistant keeps the first 60% of its words,
 * api/src/modules/documents/core/rewriteRules.ts) shown as a diff in place, Accept: only that
 * sentence changed, byte for byte. Then step back to the version before, and restore it.
 */

const SHOTS = shotsFolder('canvas');
const signedIn = useSignedInContexts('cv');
const SENTENCE =
  'Everything else works the same: this reply was streamed, saved to your chat and counted like a real one.';

async function shot(page: Page, name: string, look: string) {
  if (!screenshotsWanted) return;
  await page.waitForTimeout(400);
  await screenshot(page, { path: `${SHOTS}/${name}-${look}.png` });
}

async function expectAxeClean(page: Page, selector: string) {
  const { violations } = await axeOn(page)
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`).join(' | ')}`,
    ),
    selector,
  ).toEqual([]);
}

const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });

async function ask(page: Page, question: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  const answer = messages(page).locator('article[data-status]').first();
  await expect.poll(() => answer.getAttribute('data-status'), { timeout: 15_000 }).toBe('complete');
  return answer;
}

/** The offline "Shorter": the first 60% of the words, ending as the passage ended. */
function offlineShorter(text: string): string {
  const words = text.split(/\s+/);
  const keep = words.slice(0, Math.ceil(words.length * 0.6)).join(' ');
  return keep.replace(/[,;:.!?]+$/, '') + (/[.!?]+$/.exec(text)?.[0] ?? '');
}

/** Selects the editor line holding `text` as a person would with the mouse (a DOM selection). */
async function selectLine(page: Page, text: string) {
  const editor = page.locator('[data-testid="canvas-editor"] .cm-content');
  const editSelection = page.getByTestId('canvas').getByRole('button', { name: /Edit selection/ });
  // CodeMirror takes the page's selection on its next selectionchange; a reload of the document that
  // lands meanwhile (a conflict's Reload, a save's answer) resets it: select again until it holds.
  for (let attempt = 0; ; attempt++) {
    await editor.focus();
    await page.evaluate((wanted) => {
      const line = [...document.querySelectorAll('[data-testid="canvas-editor"] .cm-line')].find(
        (element) => element.textContent === wanted,
      );
      if (!line) throw new Error(`No line ${wanted}`);
      const range = document.createRange();
      range.selectNodeContents(line);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    }, text);
    try {
      await expect.poll(() => editSelection.isEnabled(), { timeout: 3_000 }).toBe(true);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

// One wide light and one narrow dark look; every look when screenshots are taken.
const journeyLooks = screenshotsWanted
  ? looks
  : looks.filter((l) => l.name === '1280-light' || l.name === '375-dark');

describe('The canvas', () => {
  for (const look of journeyLooks) {
    it(`open an answer, rewrite one sentence shorter, step back at ${look.name}`, async () => {
      const narrow = look.viewport.width < 768;
      const ctx = await signedIn(look);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      await page.goto('/chat');
      const answer = await ask(page, 'Write a note about the lantern festival');
      await answer.getByRole('button', { name: 'Open in canvas' }).click();
      const canvas = page.getByTestId('canvas');
      const version = canvas.getByTestId('canvas-version');
      await version.waitFor();
      await expect.poll(() => version.textContent()).toBe('Version 1 of 1');
      const editor = canvas.locator('.cm-content');
      expect(await editor.textContent()).toContain(SENTENCE);

      const chatId = /\/chat\/([^/?]+)/.exec(page.url())?.[1];
      const listed = (await (await ctx.request.get(`/api/chats/${chatId}/documents`)).json()) as {
        id: string;
        content: string;
      }[];
      expect(listed).toHaveLength(1);
      const { id, content: before } = listed[0]!;
      expect(before).toContain(SENTENCE);

      // Select the sentence; the menu opens from the toolbar (a phone) or the keyboard (Ctrl+Shift+E).
      await selectLine(page, SENTENCE);
      const editSelection = canvas.getByRole('button', { name: /Edit selection/ });
      await expect.poll(() => editSelection.isEnabled()).toBe(true);
      if (narrow) await editSelection.click();
      else await page.keyboard.press('Control+Shift+E');
      await page.getByRole('menuitem', { name: 'Shorter' }).click();

      // The proposal, in place: the cut words struck through, nothing saved yet.
      const proposal = canvas.getByRole('region', { name: 'Proposed rewrite' });
      const accept = proposal.getByRole('button', { name: 'Accept' });
      await accept.waitFor({ timeout: 15_000 });
      expect(await canvas.locator('del.cm-diff-removed').count()).toBeGreaterThan(0);
      expect(await proposal.textContent()).toContain('words removed');
      await expectNoSideScroll(page);
      await shot(page, 'proposal', look.name);
      await expectAxeClean(page, '[data-testid="canvas"]');

      await accept.click();
      await expect.poll(() => version.textContent()).toBe('Version 2 of 2');
      await proposal.waitFor({ state: 'hidden' });
      const after = ((await (await ctx.request.get(`/api/documents/${id}`)).json()) as { content: string })
        .content;
      const start = before.indexOf(SENTENCE);
      expect(after).toBe(
        before.slice(0, start) + offlineShorter(SENTENCE) + before.slice(start + SENTENCE.length),
      );
      expect(await editor.textContent()).not.toContain(SENTENCE);
      await shot(page, 'accepted', look.name);

      // Step back: version 1 is shown read only; restoring it makes it version 3.
      await canvas.getByRole('button', { name: 'Previous version' }).click();
      await expect.poll(() => version.textContent()).toBe('Version 1 of 2');
      expect(await editor.textContent()).toContain(SENTENCE);
      await shot(page, 'previous-version', look.name);
      await canvas.getByRole('button', { name: 'Restore this version' }).click();
      await expect.poll(() => version.textContent()).toBe('Version 3 of 3');
      const restored = (await (await ctx.request.get(`/api/documents/${id}`)).json()) as { content: string };
      expect(restored.content).toBe(before);

      if (!narrow) {
        // Typing is saved after a pause, as the next version.
        await editor.click();
        await page.keyboard.press('Control+End');
        await page.keyboard.type(' Added.');
        await expect.poll(() => editor.textContent()).toContain(' Added.');
        await expect.poll(() => version.textContent(), { timeout: 15_000 }).toBe('Version 4 of 4');
        // Another tab saves first: what is typed here is refused, kept on screen, and Reload shows theirs.
        const other = await ctx.request.put(`/api/documents/${id}`, {
          data: { content: 'From the other tab.', baseVersion: 4 },
        });
        expect(other.status()).toBe(200);
        await page.keyboard.type(' Mine.');
        const conflict = canvas.getByRole('alert').filter({ hasText: 'changed in another tab' });
        await conflict.waitFor();
        expect(await editor.textContent()).toContain('Added. Mine.');
        await shot(page, 'conflict', look.name);
        await conflict.getByRole('button', { name: 'Reload' }).click();
        await expect.poll(() => editor.textContent()).toBe('From the other tab.');
        expect(await version.textContent()).toBe('Version 5 of 5');

        // "Rewrite with…": two assistants rewrite the same selection side by side; one is picked.
        await selectLine(page, 'From the other tab.');
        await editSelection.click();
        await page.getByRole('menuitem', { name: 'Rewrite with several assistants…' }).click();
        const choose = canvas.getByRole('group', { name: 'Rewrite with several assistants' });
        await choose.getByRole('combobox', { name: 'How to rewrite' }).selectOption('Shorter');
        await choose.locator('label').filter({ hasText: /^GPT$/ }).click();
        await choose
          .locator('label')
          .filter({ hasText: /^Claude$/ })
          .click();
        // A Free plan compares 2 at most (compare's plan maximum): a third can't be picked.
        await choose.getByText('Pick 2 assistants (Premium: up to 3)').waitFor();
        expect(
          await choose
            .locator('label')
            .filter({ hasText: /^Gemini$/ })
            .locator('input')
            .isDisabled(),
        ).toBe(true);
        await choose.getByRole('button', { name: 'Rewrite side by side' }).click();
        const sideBySide = canvas.getByRole('region', { name: 'Rewrites side by side' });
        const useThis = sideBySide.getByRole('button', { name: 'Use this' });
        await expect.poll(() => useThis.count()).toBe(2);
        await expect
          .poll(async () => (await useThis.nth(1).isEnabled()) && (await useThis.nth(0).isEnabled()), {
            timeout: 15_000,
          })
          .toBe(true);
        await shot(page, 'side-by-side', look.name);
        await useThis.nth(1).click();
        await expect.poll(() => version.textContent()).toBe('Version 6 of 6');
        expect(await editor.textContent()).toBe('From the other.');
      }

      // Escape closes the canvas (once no text is selected: the first one clears a selection); the
      // documents list reopens it.
      await editor.focus();
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Escape');
      await canvas.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Canvas', exact: true }).click();
      await canvas.getByRole('list', { name: "This chat's documents" }).getByRole('button').first().waitFor();
      await expectNoSideScroll(page);
      await shot(page, 'list', look.name);

      // On a phone the canvas is a modal dialog: Tab goes round inside it, never to the chat below.
      if (narrow) {
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Tab');
          expect(await canvas.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        }
      }

      // Rename a document from the list (a new version, titled so), then delete it after confirming.
      const documentsList = canvas.getByRole('list', { name: "This chat's documents" });
      // Its actions fit beside a long title, even at 375 px.
      const deleteBox = await documentsList.getByRole('button', { name: /^Delete / }).boundingBox();
      expect(deleteBox!.x + deleteBox!.width).toBeLessThanOrEqual(look.viewport.width);
      await documentsList.getByRole('button', { name: /^Rename / }).click();
      const newName = canvas.getByRole('textbox', { name: /^New name for / });
      await newName.fill('Festival notes');
      await newName.press('Enter');
      await documentsList
        .getByRole('button', { name: /Festival notes/ })
        .first()
        .waitFor();
      const renamed = (await (await ctx.request.get(`/api/documents/${id}`)).json()) as { title: string };
      expect(renamed.title).toBe('Festival notes');
      await documentsList.getByRole('button', { name: 'Delete Festival notes' }).click();
      await canvas
        .getByRole('group', { name: 'Delete Festival notes?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await canvas.getByText('No documents in this chat yet.', { exact: false }).waitFor();
      expect((await ctx.request.get(`/api/documents/${id}`)).status()).toBe(404);

      // A chat in rewrite mode opens the canvas on its first answer by itself (once, wide screens
      // only: the journey is slow).
      if (!narrow) {
        await page.goto('/chat?mode=rewrite');
        await ask(page, 'Polish my cover letter opening');
        await expect.poll(() => version.textContent(), { timeout: 10_000 }).toBe('Version 1 of 1');
        expect(await editor.textContent()).toContain('Polish my cover letter opening');
      }
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
