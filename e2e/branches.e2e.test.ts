import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { expectNoSideScroll, looks, screenshot, shotsFolder, viewports } from './support/browser.ts';

/**
 * Edit and resend, and versions (issue 18, item 2) in Chromium: a sent prompt is edited in place,
 * the chat shows "2 / 2", and the arrows go back to the first version and its answer.
 */

const SHOTS = shotsFolder('branches');
const signedIn = useSignedInContexts('br');

/** A chat with one exchange, sent through the spec's REST call (which waits for the answer). */
async function chatWithPrompt(ctx: BrowserContext, content: string): Promise<{ chatId: string; id: string }> {
  const chat = await (await ctx.request.post('/api/chats', { data: {} })).json();
  const sent = await ctx.request.post(`/api/chats/${chat.id}/messages`, { data: { content } });
  expect(sent.status()).toBe(201);
  return { chatId: chat.id, id: (await sent.json()).userMessage.id };
}

const POLL = { timeout: 20_000 };
const conversation = (page: Page) => page.getByRole('log', { name: 'Messages' });
const yourMessages = (page: Page) => page.getByRole('article', { name: 'Your message' });
const position = (page: Page) => yourMessages(page).getByTestId('version-position');

describe('edit and versions', () => {
  it('edits a sent message in place, shows 2 / 2, and goes back to 1 / 2', async () => {
    const ctx = await signedIn({ colorScheme: 'light', viewport: viewports.desktop });
    const { chatId } = await chatWithPrompt(ctx, 'Name a red fruit');
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/chat/${chatId}`);
    await yourMessages(page).getByText('Name a red fruit').waitFor();
    // One version: no arrows yet.
    expect(await position(page).count()).toBe(0);

    // Esc closes the editor and changes nothing.
    await yourMessages(page).getByRole('button', { name: 'Edit message' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit your message' });
    await expect.poll(() => editor.inputValue(), POLL).toBe('Name a red fruit');
    await editor.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await yourMessages(page).getByText('Name a red fruit').waitFor();

    // Up arrow in the empty composer opens the last message's editor; Enter resends it.
    await page.getByRole('textbox', { name: 'Message', exact: true }).focus();
    await page.keyboard.press('ArrowUp');
    await editor.waitFor();
    await editor.fill('Name a green fruit');
    await editor.press('Enter');
    await yourMessages(page).getByText('Name a green fruit').waitFor();
    await expect.poll(() => position(page).textContent(), POLL).toBe('2 / 2');
    await page
      .locator('article[data-status="complete"]')
      .getByText(/Name a green fruit/)
      .waitFor({ timeout: 30_000 });
    expect(await conversation(page).getByText('Name a red fruit').count()).toBe(0);
    await screenshot(page, { path: `${SHOTS}/edited-1280-light.png`, fullPage: true });

    // Back to the first version: its own answer comes with it.
    await page.getByRole('button', { name: 'Previous version of this message' }).click();
    await expect.poll(() => position(page).textContent(), POLL).toBe('1 / 2');
    await yourMessages(page).getByText('Name a red fruit').waitFor();
    expect(await conversation(page).getByText('Name a green fruit').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Previous version of this message' }).isDisabled()).toBe(
      true,
    );

    // The choice is the chat's: it stays after a reload, and the REST path agrees.
    await page.reload();
    await expect.poll(() => position(page).textContent(), POLL).toBe('1 / 2');
    const messages = await (await ctx.request.get(`/api/chats/${chatId}/messages`)).json();
    expect(messages[0].content).toBe('Name a red fruit');
    expect(messages[0].siblingIds).toHaveLength(2);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  for (const mode of looks) {
    it(`shows versions of a message and of an answer at ${mode.name}`, async () => {
      const ctx = await signedIn(mode);
      const { chatId, id } = await chatWithPrompt(ctx, 'Suggest a name for a cat');
      const edited = await ctx.request.post(`/api/messages/${id}/edit`, {
        data: { content: 'Suggest a name for a small grey cat' },
      });
      expect(edited.status()).toBe(201);
      const answerId = (await edited.json()).aiMessage.id;
      expect((await ctx.request.post(`/api/messages/${answerId}/regenerate`)).status()).toBe(201);
      const page = await ctx.newPage();
      await page.goto(`/chat/${chatId}`);
      await expect.poll(() => position(page).textContent(), POLL).toBe('2 / 2');
      await page.getByRole('group', { name: 'Versions of this answer' }).getByText('2 / 2').waitFor();
      await expectNoSideScroll(page);
      await screenshot(page, { path: `${SHOTS}/versions-${mode.name}.png`, fullPage: true });
      // The editor, open.
      await yourMessages(page).getByRole('button', { name: 'Edit message' }).click();
      await page.getByRole('textbox', { name: 'Edit your message' }).waitFor();
      await expectNoSideScroll(page);
      await screenshot(page, { path: `${SHOTS}/editing-${mode.name}.png`, fullPage: true });
      await ctx.close();
    });
  }
});
