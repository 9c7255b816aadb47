import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInContext } from './support/accounts.ts';
import { expectNoSideScroll, launchBrowser, looks, screenshot, shotsFolder } from './support/browser.ts';

/**
 * Voice (web/src/features/voice, api/src/modules/voice): in the chat, the microphone records from
 * Chromium's fake microphone, the recording goes to the api, which has it transcribed by the stand-in
 * speech server (e2e/globalSetup.ts: every recording is "Hello from the fake"), and the text lands in
 * the message box after what was typed (not sent). An answer offers Read aloud, which the api speaks through the
 * same server. Screenshots of the composer idle and recording, and of an answer, in the four looks.
 */

const SHOTS = shotsFolder('voice');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ]);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Notes the `language` field of each form the page builds (the recording's upload: Chromium doesn't
 * show a request's multipart body with a recording in it to Playwright), for sentLanguages.
 */
const noteSentLanguages = (context: BrowserContext) =>
  context.addInitScript(() => {
    const append = FormData.prototype.append as (this: FormData, ...args: unknown[]) => void;
    const sent: unknown[] = [];
    (window as Window & { sentLanguages?: unknown[] }).sentLanguages = sent;
    FormData.prototype.append = function (this: FormData, ...args: unknown[]) {
      if (args[0] === 'language') sent.push(args[1]);
      append.apply(this, args);
    } as FormData['append'];
  });
const sentLanguages = (page: Page) =>
  page.evaluate(() => (window as Window & { sentLanguages?: unknown[] }).sentLanguages);

const answers = (page: Page) => page.getByRole('log', { name: 'Messages' }).locator('article[data-status]');

describe('voice in the chat', () => {
  for (const look of looks) {
    it(`dictates into the message box and reads an answer aloud (${look.name})`, async () => {
      const context = await signedInContext(browser, look, 'voc', { permissions: ['microphone'] });
      await noteSentLanguages(context);
      const page = await context.newPage();
      // A chat with one answer, through the spec's REST call (which waits for the answer).
      const chat = await (await context.request.post('/api/chats', { data: {} })).json();
      const sent = await context.request.post(`/api/chats/${chat.id}/messages`, {
        data: { content: 'Say hello' },
      });
      expect(sent.status()).toBe(201);
      await page.goto(`/chat/${chat.id}`);
      const box = page.getByRole('textbox', { name: 'Message' });
      const mic = page.getByRole('button', { name: 'Voice input', exact: true });
      await expect.poll(() => mic.isEnabled(), { timeout: 15_000 }).toBe(true);
      await box.fill('Typed first:');
      await screenshot(page, { path: path.join(SHOTS, `${look.name}-idle.png`) });

      await mic.click();
      const stop = page.getByRole('button', { name: /^Stop recording/ });
      await stop.waitFor();
      await expect.poll(() => stop.getAttribute('aria-label'), { timeout: 5_000 }).toMatch(/0:0[1-9]/);
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Recording' }).count()).toBe(1);
      await expectNoSideScroll(page);
      await screenshot(page, { path: path.join(SHOTS, `${look.name}-recording.png`) });
      await stop.click();
      await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toBe('Typed first: Hello from the fake');
      // It went with the page's language (features/voice/voiceRules.ts transcriptionLanguage).
      expect(await sentLanguages(page)).toEqual(['en']);

      // Escape cancels a recording: nothing is added.
      await mic.click();
      await stop.waitFor();
      await page.keyboard.press('Escape');
      await mic.waitFor();
      expect(await box.inputValue()).toBe('Typed first: Hello from the fake');

      await expect
        .poll(() => answers(page).last().getAttribute('data-status'), { timeout: 20_000 })
        .toBe('complete');
      const readAloud = answers(page).last().getByRole('button', { name: 'Read aloud' });
      await readAloud.waitFor();
      await screenshot(page, { path: path.join(SHOTS, `${look.name}-answer.png`) });
      const spoken = page.waitForResponse((r) => r.url().endsWith('/api/audio/speech'));
      await readAloud.click();
      expect((await spoken).status()).toBe(200);
      await context.close();
    });
  }

  it("tells the transcription the page's language (Japanese)", async () => {
    const context = await signedInContext(browser, looks[0]!, 'voj', { permissions: ['microphone'] });
    await context.addInitScript(() => localStorage.setItem('chorus.language', 'ja'));
    await noteSentLanguages(context);
    const page = await context.newPage();
    const chat = await (await context.request.post('/api/chats', { data: {} })).json();
    await page.goto(`/chat/${chat.id}`);
    const mic = page.getByRole('button', { name: '音声入力', exact: true });
    await expect.poll(() => mic.isEnabled(), { timeout: 15_000 }).toBe(true);
    await mic.click();
    const stop = page.getByRole('button', { name: /^録音を停止/ });
    await stop.waitFor();
    await expect.poll(() => stop.getAttribute('aria-label'), { timeout: 5_000 }).toMatch(/0:0[1-9]/);
    await stop.click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'メッセージ' }).inputValue(), { timeout: 15_000 })
      .toBe('Hello from the fake');
    expect(await sentLanguages(page)).toEqual(['ja']);
    await context.close();
  });
});
