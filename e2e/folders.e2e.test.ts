import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { LONG_QUESTION } from './support/answers.ts';
import {
  expectNoSideScroll,
  looks,
  screenshot,
  screenshotsWanted,
  shotsFolder,
  viewports,
} from './support/browser.ts';

/**
 * Folders and pins (issue 18, item 5) and the chat screen's keyboard and copy buttons (item 6) in
 * Chromium: make a folder, file a chat from its menu and by drag and drop, pin one, see the groups;
 * "?" lists the shortcuts; a code block's copy button copies.
 */

const SHOTS = shotsFolder('folders');
const signedIn = useSignedInContexts('fo', { permissions: ['clipboard-read', 'clipboard-write'] });

async function newChat(ctx: BrowserContext, title: string): Promise<string> {
  const res = await ctx.request.post('/api/chats', { data: { title } });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

/** An answer with a fenced code block, written straight into the chat (the offline assistant writes none). */
async function addCodeAnswer(chatId: string, code: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    // Linked as the app links them: the answer under its prompt, and the chat showing that path.
    const prompt = await client.query<{ id: string }>(
      `insert into messages (id, chat_id, role, model, content, status)
       values (gen_random_uuid(), $1, 'user', 'code', 'Say hello in Python', 'complete') returning id`,
      [chatId],
    );
    const answer = await client.query<{ id: string }>(
      `insert into messages (id, chat_id, parent_id, role, model, content, status, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, 'assistant', 'code', $3, 'complete', now() + interval '1 second', now() + interval '1 second')
       returning id`,
      [chatId, prompt.rows[0]!.id, `Here it is:\n\n\`\`\`python\n${code}\n\`\`\`\n`],
    );
    await client.query('update chats set current_message_id = $2 where id = $1', [
      chatId,
      answer.rows[0]!.id,
    ]);
  } finally {
    await client.end();
  }
}

/** Nothing focused: "?" is then a shortcut, not a character typed into the message box. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

async function shot(page: Page, name: string) {
  if (!screenshotsWanted) return;
  // Let entrance transitions finish.
  await page.waitForTimeout(400);
  await screenshot(page, { path: `${SHOTS}/${name}.png` });
}

/** The sidebar: on a phone it is a drawer opened from the header. */
async function sidebar(page: Page, narrow: boolean) {
  if (narrow) {
    const drawer = page.getByRole('dialog', { name: 'Chats and account' });
    if (!(await drawer.isVisible())) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await drawer.waitFor();
    return drawer;
  }
  return page.getByRole('complementary', { name: 'Chats and account' });
}

const titlesIn = (scope: ReturnType<Page['locator']>, group: string) =>
  scope
    .getByRole('region', { name: group })
    .getByRole('listitem')
    .locator('a span:first-child')
    .allInnerTexts();

describe('folders and pins', () => {
  it('a folder is made, chats are filed by menu and by drag and drop, one is pinned; the sidebar groups them', async () => {
    const ctx = await signedIn({ colorScheme: 'light', viewport: viewports.desktop });
    const soup = await newChat(ctx, 'Soup recipes');
    await newChat(ctx, 'Bread recipes');
    await newChat(ctx, 'Tax questions');
    const page = await ctx.newPage();
    await page.goto(`/chat/${soup}`);
    const side = await sidebar(page, false);
    await side.getByRole('link', { name: /Tax questions/ }).waitFor();

    // A new folder.
    await side.getByRole('button', { name: 'New folder' }).click();
    const nameDialog = page.getByRole('dialog', { name: 'New folder' });
    await nameDialog.getByLabel('Folder name').fill('Cooking');
    await nameDialog.getByRole('button', { name: 'Create' }).click();
    await side.getByRole('region', { name: 'Cooking' }).getByText('Empty: drag a chat here').waitFor();

    // By keyboard: the chat's menu, "Move to folder…", the folder.
    await side.getByRole('button', { name: 'Options for Soup recipes' }).focus();
    await page.keyboard.press('Enter');
    const moveItem = page.getByRole('menuitem', { name: 'Move to folder…' });
    await moveItem.waitFor();
    // Arrow down to it (an arrow pressed while the menu is still opening moves from no item at all,
    // so each press is checked rather than counted).
    for (let i = 0; i < 6 && (await moveItem.getAttribute('data-highlighted')) === null; i++) {
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(50);
    }
    expect(await moveItem.getAttribute('data-highlighted')).not.toBeNull();
    await page.keyboard.press('Enter');
    const moveDialog = page.getByRole('dialog', { name: 'Move "Soup recipes" to…' });
    await moveDialog.getByRole('button', { name: 'Cooking' }).focus();
    await page.keyboard.press('Enter');
    await moveDialog.waitFor({ state: 'detached' });
    await expect.poll(() => titlesIn(side, 'Cooking'), { timeout: 10_000 }).toEqual(['Soup recipes']);

    // By drag and drop.
    await side
      .getByRole('listitem')
      .filter({ hasText: 'Bread recipes' })
      .dragTo(side.getByRole('region', { name: 'Cooking' }));
    await expect
      .poll(() => titlesIn(side, 'Cooking'), { timeout: 10_000 })
      .toEqual(['Bread recipes', 'Soup recipes']);

    // Pin one: Pinned first, then the folder, then the rest.
    await side.getByRole('button', { name: 'Options for Tax questions' }).click();
    await page.getByRole('menuitem', { name: 'Pin' }).click();
    await expect.poll(() => titlesIn(side, 'Pinned'), { timeout: 10_000 }).toEqual(['Tax questions']);
    const groups = await side
      .getByRole('region')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(groups).toEqual(['Pinned', 'Cooking', 'Chats']);
    expect(await titlesIn(side, 'Chats')).toEqual([]);
    // As the server has it, after a reload.
    await page.reload();
    await expect.poll(() => titlesIn(side, 'Pinned'), { timeout: 10_000 }).toEqual(['Tax questions']);
    expect(await titlesIn(side, 'Cooking')).toEqual(['Bread recipes', 'Soup recipes']);

    // Dragging a chat out of the folder puts it back with the rest.
    await side
      .getByRole('listitem')
      .filter({ hasText: 'Soup recipes' })
      .dragTo(side.getByRole('region', { name: 'Chats' }));
    await expect.poll(() => titlesIn(side, 'Chats'), { timeout: 10_000 }).toEqual(['Soup recipes']);
    await ctx.close();
  });

  it('"?" lists the shortcuts, Up arrow edits the last message, a code block copy button copies, Esc stops', async () => {
    const ctx = await signedIn({ colorScheme: 'light', viewport: viewports.desktop });
    const chatId = await newChat(ctx, 'Python hello');
    const code = 'print("hello, world")';
    await addCodeAnswer(chatId, code);
    const page = await ctx.newPage();
    await page.goto(`/chat/${chatId}`);
    // In the list (the newest message is also in the screen readers' live region).
    await page.getByRole('log', { name: 'Messages' }).getByText(code).waitFor();

    // "?" typed into the message box is a character; outside it, the dialog.
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.focus();
    await page.keyboard.type('?');
    expect(await box.inputValue()).toBe('?');
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    await box.fill('');
    await blur(page);
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Stop the answer being written').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Up arrow in the empty box edits the last message (in place, as the pencil does); Esc leaves it.
    await box.focus();
    await page.keyboard.press('ArrowUp');
    const editor = page.getByRole('textbox', { name: 'Edit your message' });
    expect(await editor.inputValue()).toBe('Say hello in Python');
    await editor.press('Escape');
    await editor.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Copy code' }).click();
    await page.getByRole('button', { name: 'Copied' }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // Esc stops the answer being written.
    await box.fill(LONG_QUESTION);
    await box.press('Enter');
    await page.getByRole('button', { name: 'Stop generating' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('Stopped', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Stop generating' }).count()).toBe(0);
    await ctx.close();
  });

  for (const mode of looks) {
    it(`look right at ${mode.viewport.width} px, ${mode.colorScheme}`, async () => {
      const narrow = mode.viewport.width < 768;
      const ctx = await signedIn(mode);
      const filed = await newChat(ctx, 'Weekly menu');
      const pinned = await newChat(ctx, 'Trip to Lisbon');
      await newChat(ctx, 'Unfiled notes');
      const code = 'const answer = 42;';
      await addCodeAnswer(pinned, code);
      const folder = await (await ctx.request.post('/api/folders', { data: { name: 'Cooking' } })).json();
      expect(
        (await ctx.request.patch(`/api/chats/${filed}/folder`, { data: { folderId: folder.id } })).status(),
      ).toBe(200);
      expect((await ctx.request.patch(`/api/chats/${pinned}/pin`, { data: { pinned: true } })).status()).toBe(
        200,
      );
      const page = await ctx.newPage();
      await page.goto(`/chat/${pinned}`);
      // The Markdown renderer is loaded lazily: until then the answer is plain text.
      await page.getByRole('button', { name: 'Copy code' }).waitFor();
      const side = await sidebar(page, narrow);
      await expect.poll(() => titlesIn(side, 'Pinned'), { timeout: 10_000 }).toEqual(['Trip to Lisbon']);
      await expectNoSideScroll(page);
      await shot(page, `sidebar-${mode.viewport.width}-${mode.colorScheme}`);
      if (narrow) {
        await page.getByRole('button', { name: 'Close sidebar' }).click();
        await page.getByRole('dialog', { name: 'Chats and account' }).waitFor({ state: 'hidden' });
      }
      await blur(page);
      await page.keyboard.press('Shift+?');
      await page
        .getByRole('dialog', { name: 'Keyboard shortcuts' })
        .getByText('Show these shortcuts')
        .waitFor();
      await shot(page, `shortcuts-${mode.viewport.width}-${mode.colorScheme}`);
      await ctx.close();
    });
  }
});
