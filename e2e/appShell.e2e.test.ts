import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInContext, signUpVerified, useSignedInContexts } from './support/accounts.ts';
import { modeContext, screenshot, useBrowser, viewports } from './support/browser.ts';
import { renameChat } from './support/chats.ts';

/**
 * The signed-in app's shell in Chromium: tabs of one browser stay in step (chats made, renamed,
 * deleted or answered in one appear in the others; signing out in one signs out all), the chat
 * drawer on short screens (a phone held sideways, 200% zoom) and where keyboard focus goes.
 */

const signedIn = useSignedInContexts('shell');
let browser: Parameters<Parameters<typeof useBrowser>[0]>[0] | undefined;
useBrowser((b) => {
  browser = b;
});

const POLL = { timeout: 10_000 };
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const answers = (page: Page) => page.locator('[role="log"] article[data-status]');
const yourMessages = (page: Page) => page.getByRole('article', { name: 'Your message' });
const chatLink = (page: Page, title: RegExp) => page.getByRole('link', { name: title });
const activeLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return 'body';
    return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
  });

/** A chat with one exchange, sent through the REST call (which waits for the answer). */
async function chatWithPrompt(ctx: BrowserContext, content: string): Promise<{ chatId: string; id: string }> {
  const chat = await (await ctx.request.post('/api/chats', { data: {} })).json();
  const sent = await ctx.request.post(`/api/chats/${chat.id}/messages`, { data: { content } });
  expect(sent.status()).toBe(201);
  return { chatId: chat.id, id: (await sent.json()).userMessage.id };
}

async function lastAnswerDone(page: Page, count: number) {
  await expect.poll(() => answers(page).count(), POLL).toBe(count);
  await expect
    .poll(
      () =>
        answers(page)
          .nth(count - 1)
          .getAttribute('data-status'),
      { timeout: 20_000 },
    )
    .not.toBe('streaming');
}

describe('tabs of one browser', () => {
  /** Two tabs of one browser, both on /chat, signed in as a new account; its username. */
  async function twoTabs() {
    const ctx = await modeContext(browser!, { colorScheme: 'light', viewport: viewports.desktop });
    const username = await signUpVerified(ctx.request, 'tabs');
    const a = await ctx.newPage();
    const b = await ctx.newPage();
    const errors: string[] = [];
    for (const page of [a, b]) page.on('pageerror', (e) => errors.push(e.message));
    return { ctx, username, a, b, errors };
  }

  it('show the chats made, renamed, answered and deleted in another tab', async () => {
    const { ctx, a, b, errors } = await twoTabs();
    await a.goto('/chat');
    await b.goto('/chat');
    await messageBox(a).waitFor();
    await b.getByText('No chats yet').waitFor();

    // A chat made (and answered) in tab A shows in tab B's My Chats.
    await messageBox(a).fill('Tabs stay in step');
    await messageBox(a).press('Enter');
    await chatLink(b, /Tabs stay in step/).waitFor(POLL);
    await lastAnswerDone(a, 1);
    // B opens it, and follows what A writes in it from then on (below).
    await chatLink(b, /Tabs stay in step/).click();
    await lastAnswerDone(b, 1);

    // Renamed in A: B follows.
    await renameChat(a, 'Tabs stay in step', 'Renamed in A');
    await chatLink(b, /^Renamed in A/).waitFor(POLL);

    // A newer chat made elsewhere is on top in B; answering the renamed one again in A puts that on top.
    await chatWithPrompt(ctx, 'Plans for Friday');
    await b.reload();
    const firstInB = () =>
      b
        .getByRole('link', { name: /^(Plans for Friday|Renamed in A)/ })
        .first()
        .textContent();
    await expect.poll(firstInB, POLL).toMatch(/^Plans for Friday/);
    await messageBox(a).fill('And Saturday?');
    await messageBox(a).press('Enter');
    await lastAnswerDone(a, 2);
    await expect.poll(firstInB, POLL).toMatch(/^Renamed in A/);
    // The chat open in B shows A's new prompt and its whole answer, without a reload.
    await lastAnswerDone(b, 2);
    expect(await yourMessages(b).last().textContent()).toContain('And Saturday?');
    expect(await answers(b).last().textContent()).toContain('You asked about: "And Saturday?"');

    // Deleted in A: gone from B.
    await a.getByRole('button', { name: 'Options for Renamed in A' }).click();
    await a.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = a.getByRole('alertdialog', { name: 'Delete this chat?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => chatLink(b, /Renamed in A/).count(), POLL).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('sign out and in together', async () => {
    const { ctx, username, a, b, errors } = await twoTabs();
    await chatWithPrompt(ctx, 'Private plans for Friday');
    await a.goto('/chat');
    await b.goto('/chat');
    await chatLink(a, /Private plans for Friday/).waitFor();
    await chatLink(b, /Private plans for Friday/).waitFor();

    // Signing out in A: B leaves its private chats for /login at once, without being touched.
    await a.getByRole('button', { name: 'User menu' }).first().click();
    await a.getByRole('menuitem', { name: 'Logout' }).click();
    await a.waitForURL('**/login');
    await b.waitForURL('**/login', { timeout: 3_000 });
    expect(await b.getByText('Private plans for Friday').count()).toBe(0);

    // Signing in again in A takes B (waiting on /login) to the chat too.
    await a.getByLabel('Username').fill(username);
    await a.getByLabel('Password', { exact: true }).fill('secret123');
    await a.getByRole('button', { name: 'Log In' }).click();
    await a.waitForURL('**/chat', POLL);
    await b.waitForURL('**/chat', POLL);
    await chatLink(b, /Private plans for Friday/).waitFor(POLL);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('the chat drawer on short screens', () => {
  const short = [
    { name: 'a phone held sideways (640x360)', viewport: { width: 640, height: 360 }, deviceScaleFactor: 3 },
    { name: '1280x800 at 200% zoom', viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
  ];
  for (const screen of short) {
    it(`shows My Chats with its chats on ${screen.name}`, async () => {
      const ctx = await signedInContext(
        browser!,
        { colorScheme: 'light', viewport: screen.viewport },
        'shell',
        { deviceScaleFactor: screen.deviceScaleFactor },
      );
      await chatWithPrompt(ctx, 'Short screens need lists too');
      const page = await ctx.newPage();
      await page.goto('/chat');
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      const drawer = page.getByRole('dialog', { name: 'Chats and account' });
      await drawer.waitFor();
      const link = drawer.getByRole('link', { name: /Short screens need lists too/ });
      await link.waitFor();
      const list = drawer.getByRole('heading', { name: 'My Chats' }).locator('xpath=../..');
      const box = await list.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(0);
      await link.scrollIntoViewIfNeeded();
      const linkBox = await link.boundingBox();
      expect(linkBox?.height ?? 0).toBeGreaterThan(0);
      // The chat's link is inside the list's visible part, not clipped away by it.
      expect(linkBox!.y).toBeGreaterThanOrEqual(box!.y - 1);
      expect(linkBox!.y + linkBox!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
      expect(await link.isVisible()).toBe(true);
      await screenshot(page, {
        path: `/tmp/shots/webshell-drawer-${screen.viewport.width}x${screen.viewport.height}.png`,
      });
      await ctx.close();
    });
  }

  it('keeps keyboard focus inside the open drawer', async () => {
    const ctx = await signedIn({ colorScheme: 'light', viewport: viewports.mobile });
    await chatWithPrompt(ctx, 'Focus stays in the drawer');
    const page = await ctx.newPage();
    await page.goto('/chat');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const drawer = page.getByRole('dialog', { name: 'Chats and account' });
    await drawer.getByRole('link', { name: /Focus stays in the drawer/ }).waitFor();
    await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement)), POLL).toBe(true);
    const outside: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const inside = await drawer.evaluate((el) => el.contains(document.activeElement));
      if (!inside) outside.push(await activeLabel(page));
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      const inside = await drawer.evaluate((el) => el.contains(document.activeElement));
      if (!inside) outside.push(await activeLabel(page));
    }
    expect(outside).toEqual([]);
    await ctx.close();
  });
});

describe('keyboard focus after an action', () => {
  it('lands on a control after sending an edit, at the first and last version, and after Create link', async () => {
    const ctx = await signedIn({ colorScheme: 'light', viewport: viewports.desktop });
    const { chatId } = await chatWithPrompt(ctx, 'Name a red fruit');
    const page = await ctx.newPage();
    await page.goto(`/chat/${chatId}`);
    await yourMessages(page).getByText('Name a red fruit').waitFor();

    // Sending an edit: the editor goes away, focus does not fall to the page.
    await yourMessages(page).getByRole('button', { name: 'Edit message' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit your message' });
    await editor.fill('Name a green fruit');
    await editor.press('Enter');
    await yourMessages(page).getByText('Name a green fruit').waitFor();
    await lastAnswerDone(page, 1);
    // Focus moves once the edit's send has answered (MessageList.tsx), which on a busy machine can be
    // after the answer has finished drawing.
    await expect.poll(() => activeLabel(page), POLL).not.toBe('body');

    // The first version: "previous" can't be pressed any more, focus stays among the versions.
    // The versions can be switched once the chat is idle again (the buttons are disabled while the
    // edit's send settles, and a disabled button takes no focus): wait for that, as a person would.
    const previous = page.getByRole('button', { name: 'Previous version of this message' });
    await expect.poll(() => previous.isEnabled(), POLL).toBe(true);
    await previous.focus();
    await expect.poll(() => activeLabel(page), POLL).toBe('Previous version of this message');
    await page.keyboard.press('Enter');
    await yourMessages(page).getByText('Name a red fruit').waitFor();
    await expect.poll(() => activeLabel(page), POLL).toBe('Next version of this message');
    // And the last one, going forward (once the switch has settled and Next can be pressed).
    await expect
      .poll(() => page.getByRole('button', { name: 'Next version of this message' }).isEnabled(), POLL)
      .toBe(true);
    await page.keyboard.press('Enter');
    await yourMessages(page).getByText('Name a green fruit').waitFor();
    await expect.poll(() => activeLabel(page), POLL).toBe('Previous version of this message');

    // Create link: focus moves to the new link's Copy button.
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this chat' });
    await dialog.getByText('No links yet.').waitFor();
    await dialog.getByRole('button', { name: 'Create link' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('textbox').waitFor();
    await expect.poll(() => activeLabel(page), POLL).toBe('Copy link');
    await ctx.close();
  });
});

describe('motion', () => {
  it('stops transitions for a person who asked their system to reduce motion', async () => {
    /** How long the sign-in button's colour change takes. */
    const motionOn = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await modeContext(
        browser!,
        { colorScheme: 'light', viewport: viewports.desktop },
        { reducedMotion },
      );
      const page = await context.newPage();
      await page.goto('/login');
      const button = page.getByRole('button', { name: 'Log In' });
      await button.waitFor();
      const duration = await button.evaluate((el) => getComputedStyle(el).transitionDuration);
      await context.close();
      return duration;
    };
    expect(await motionOn('no-preference')).not.toMatch(/^(0s|1e-05s)$/);
    expect(await motionOn('reduce')).toBe('1e-05s');
  });
});
