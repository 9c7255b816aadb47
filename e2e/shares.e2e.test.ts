import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { makePremium, signUpVerified } from './support/accounts.ts';
import { axeProblems } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  type Mode,
  modeContext,
  screenshot,
  shotsFolder,
  useBrowser,
  viewports,
  waitForHydration,
} from './support/browser.ts';

/**
 * Share links in Chromium: A makes a link from the chat header (by keyboard), a signed-out visitor
 * reads the server-drawn transcript, B continues it as their own chat, A revokes it.
 */

const SHOTS = shotsFolder('shares');
let browser: Browser;
useBrowser((b) => {
  browser = b;
});

const context = (mode: Mode) => modeContext(browser, mode);
const signUp = (ctx: BrowserContext, darkMode = false) => signUpVerified(ctx.request, 'sh', darkMode);

const PROMPT = 'Plan **three** days in Lisbon <script>alert(1)</script>';

async function shot(page: Page, name: string) {
  await screenshot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('share links', () => {
  it('A shares a chat, a visitor reads it signed out, B continues it, A revokes it', async () => {
    // A has a chat with one prompt and its answer.
    const a = await context({ colorScheme: 'light', viewport: viewports.desktop });
    await signUp(a);
    const chat = await (await a.request.post('/api/chats', { data: {} })).json();
    const sent = await a.request.post(`/api/chats/${chat.id}/messages`, { data: { content: PROMPT } });
    expect(sent.status()).toBe(201);
    const aPage = await a.newPage();
    await aPage.goto(`/chat/${chat.id}`);
    await aPage.getByRole('article', { name: 'Your message' }).first().waitFor();

    // The Share action in the chat header, by keyboard: create a link, see it listed.
    const share = aPage.getByRole('button', { name: 'Share' });
    await share.focus();
    await aPage.keyboard.press('Enter');
    const dialog = aPage.getByRole('dialog', { name: 'Share this chat' });
    await dialog.getByText('No links yet.').waitFor();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const linkField = dialog.getByRole('textbox');
    await linkField.waitFor();
    const url = await linkField.inputValue();
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await axeProblems(aPage)).toEqual([]);
    await shot(aPage, 'dialog-1280-light');
    const path = new URL(url).pathname;

    // A message sent after sharing is not in the link.
    await a.request.post(`/api/chats/${chat.id}/messages`, { data: { content: 'A later secret question' } });

    // Signed out: the page arrives drawn (no script needed), and reads the same in the browser.
    const visitor = await context({ colorScheme: 'light', viewport: viewports.mobile });
    const html = await (await visitor.request.get(path)).text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('data-testid="shared-transcript"');
    expect(html).toContain('Plan **three** days in Lisbon &lt;script&gt;');
    expect(html).not.toContain('A later secret question');
    const vPage = await visitor.newPage();
    const errors: string[] = [];
    vPage.on('pageerror', (e) => errors.push(e.message));
    // React reports on the console any difference hydration finds from what the server drew.
    vPage.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
    });
    await vPage.goto(path);
    await waitForHydration(vPage);
    const transcript = vPage.getByTestId('shared-transcript');
    await transcript.getByText(PROMPT).waitFor();
    await transcript.getByRole('article', { name: 'Answer from GPT' }).waitFor();
    await vPage.getByRole('link', { name: 'Sign up free' }).waitFor();
    expect(await vPage.getByRole('button', { name: 'Continue this chat' }).count()).toBe(0);
    expect(await vPage.getByText('A later secret question').count()).toBe(0);
    await expectNoSideScroll(vPage);
    expect(await axeProblems(vPage)).toEqual([]);
    await shot(vPage, 'share-375-light');
    expect(errors).toEqual([]);

    // 375 px light was the visitor's page above.
    for (const mode of looks.filter((look) => look.name !== '375-light')) {
      const ctx = await context(mode);
      const page = await ctx.newPage();
      await page.goto(path);
      await page
        .getByTestId('shared-transcript')
        .getByRole('article', { name: /Answer from/ })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        mode.colorScheme === 'dark',
      );
      await expectNoSideScroll(page);
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, `share-${mode.name}`);
      await ctx.close();
    }

    // B, signed in, continues it: a chat of B's own with the same messages.
    const b = await context({ colorScheme: 'dark', viewport: viewports.mobile });
    await signUp(b, true);
    const bPage = await b.newPage();
    await bPage.goto(path);
    const continueButton = bPage.getByRole('button', { name: 'Continue this chat' });
    await continueButton.waitFor();
    await shot(bPage, 'share-375-dark-signed-in');
    await continueButton.click();
    await bPage.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    expect(bPage.url()).not.toContain(chat.id);
    await bPage.getByRole('article', { name: 'Your message' }).getByText(PROMPT).waitFor();
    const bChats = await (await b.request.get('/api/chats')).json();
    expect(bChats.map((c: { id: string }) => c.id)).toContain(bPage.url().split('/').pop());
    await shot(bPage, 'continued-375-dark');
    // B's own Share dialog at 375 px (no links, no friends yet), closed with Escape.
    await bPage.getByRole('button', { name: 'Share' }).click();
    const bDialog = bPage.getByRole('dialog', { name: 'Share this chat' });
    await bDialog.getByText('No links yet.').waitFor();
    await bDialog.getByRole('button', { name: 'Create link' }).click();
    await bDialog.getByText('Add friends to send them links as messages.').waitFor();
    await expectNoSideScroll(bPage);
    expect(await axeProblems(bPage)).toEqual([]);
    await shot(bPage, 'dialog-375-dark');
    await bPage.keyboard.press('Escape');
    await bDialog.waitFor({ state: 'hidden' });

    // A revokes the link: the page says it is gone.
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await dialog.getByText('No links yet.').waitFor();
    await aPage.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await vPage.reload();
    await vPage.getByRole('heading', { name: 'Shared Chat Not Found' }).waitFor();
    expect((await visitor.request.get(path)).status()).toBe(404);

    for (const ctx of [a, visitor, b]) await ctx.close();
  }, 240_000);

  it('a shared compare: its answers side by side (cards on a phone), the chosen one marked; B continues it with the compare', async () => {
    // A compares Claude and Gemini (offline answers), goes on with Gemini's, and shares the chat.
    const a = await context({ colorScheme: 'light', viewport: viewports.desktop });
    await signUp(a);
    const chat = await (await a.request.post('/api/chats', { data: {} })).json();
    const compared = await a.request.post(`/api/chats/${chat.id}/compare`, {
      data: { content: 'Why is the sky blue?', models: ['claude', 'gemini'] },
    });
    expect(compared.status()).toBe(201);
    const { answers } = await compared.json();
    const gemini = answers.find((answer: { model: string }) => answer.model === 'gemini');
    expect((await a.request.post(`/api/messages/${gemini.id}/choose`)).status()).toBe(200);
    const link = await (await a.request.post(`/api/chats/${chat.id}/shares`)).json();
    const path = new URL(link.url).pathname;
    await a.close();

    // Drawn by the server with both answers, and read the same in every look.
    const visitor = await context({ colorScheme: 'light', viewport: viewports.desktop });
    const html = await (await visitor.request.get(path)).text();
    expect(html).toContain('aria-label="Compared answers"');
    expect(html).toContain('add an API key for Claude');
    expect(html).toContain('add an API key for Gemini');
    await visitor.close();
    // Before any script runs, a phone shows the server's drawing: the answers stacked, not squeezed.
    const noScript = await modeContext(
      browser,
      { colorScheme: 'light', viewport: viewports.mobile },
      { javaScriptEnabled: false },
    );
    const drawn = await noScript.newPage();
    await drawn.goto(path);
    const stacked = await Promise.all(
      ['Claude', 'Gemini'].map((name) =>
        drawn.getByRole('region', { name: 'Compared answers' }).getByRole('article', { name }).boundingBox(),
      ),
    );
    expect(stacked[1]!.y).toBeGreaterThan(stacked[0]!.y + stacked[0]!.height - 1);
    await expectNoSideScroll(drawn);
    await shot(drawn, 'compare-375-light-before-script');
    await noScript.close();
    for (const mode of looks) {
      const ctx = await context(mode);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
      });
      await page.goto(path);
      const columns = page.getByTestId('shared-transcript').getByRole('region', { name: 'Compared answers' });
      if (mode.viewport === viewports.mobile) {
        // The chat's swipeable cards: one on screen, the other a swipe (or Next answer) away.
        await columns.getByTestId('compare-position').getByText('1 of 2').waitFor();
        await columns.getByRole('article', { name: '1 of 2: Claude' }).waitFor();
        await columns.getByRole('button', { name: 'Next answer' }).click();
        await columns.getByTestId('compare-position').getByText('2 of 2').waitFor();
        await columns
          .getByRole('article', { name: '2 of 2: Gemini' })
          .getByText('The chat went on with this')
          .waitFor();
      } else {
        await columns.getByRole('article', { name: 'Claude' }).waitFor();
        const chosen = columns.getByRole('article', { name: 'Gemini' });
        await chosen.getByText('The chat went on with this').waitFor();
        expect(await columns.getByRole('article').count()).toBe(2);
        // Side by side: the two cards share a row.
        const [left, right] = await Promise.all(
          ['Claude', 'Gemini'].map((name) => columns.getByRole('article', { name }).boundingBox()),
        );
        expect(Math.abs((left?.y ?? 0) - (right?.y ?? 1))).toBeLessThan(2);
      }
      // The chosen answer is a column, not repeated below the compare.
      expect(await page.getByRole('article', { name: /^Answer from/ }).count()).toBe(0);
      await expectNoSideScroll(page);
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, `compare-${mode.name}`);
      expect(errors).toEqual([]);
      await ctx.close();
    }

    // B continues it: their copy shows the compare, going on from Gemini's answer.
    const b = await context({ colorScheme: 'dark', viewport: viewports.desktop });
    await signUp(b, true);
    const bPage = await b.newPage();
    await bPage.goto(path);
    await bPage.getByRole('button', { name: 'Continue this chat' }).click();
    await bPage.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const copy = bPage
      .getByRole('log', { name: 'Messages' })
      .getByRole('region', { name: 'Compared answers' });
    await copy.getByRole('article', { name: 'Gemini' }).getByText('Continuing with this').waitFor();
    await copy
      .getByRole('article', { name: 'Claude' })
      .getByRole('button', { name: 'Continue with this' })
      .waitFor();
    await shot(bPage, 'compare-continued-1280-dark');
    await b.close();
  }, 240_000);

  it('a shared blind compare of four, not voted on: letters, not names', async () => {
    const a = await context({ colorScheme: 'light', viewport: viewports.desktop });
    await makePremium(inject('e2eDatabaseUrl'), await signUp(a));
    const chat = await (await a.request.post('/api/chats', { data: {} })).json();
    const compared = await a.request.post(`/api/chats/${chat.id}/compare`, {
      data: { content: 'A haiku about rain', models: ['gpt', 'claude', 'gemini', 'grok'], blind: true },
    });
    expect(compared.status()).toBe(201);
    const link = await (await a.request.post(`/api/chats/${chat.id}/shares`)).json();
    await a.close();
    for (const mode of [looks[2], looks[1]]) {
      const ctx = await context(mode);
      const page = await ctx.newPage();
      await page.goto(new URL(link.url).pathname);
      const columns = page.getByTestId('shared-transcript').getByRole('region', { name: 'Compared answers' });
      await columns
        .getByText('Names are hidden: this blind compare had no vote yet when it was shared.')
        .waitFor();
      expect(await columns.getByTestId('compare-name').allTextContents()).toEqual([
        'Assistant A',
        'Assistant B',
        'Assistant C',
        'Assistant D',
      ]);
      await expectNoSideScroll(page);
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, `blind-${mode.name}`);
      await ctx.close();
    }
  }, 120_000);
});
