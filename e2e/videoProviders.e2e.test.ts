import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiProcess, startApiProcess, startWorkerProcess } from '../scripts/lib/api-process.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../tests/support/fakeOpenAI.ts';
import type { FakeProviderBase } from '../tests/support/fakeVideoProviders/engine.ts';
import { startFakeFal } from '../tests/support/fakeVideoProviders/fal.ts';
import { startFakeLuma } from '../tests/support/fakeVideoProviders/luma.ts';
import { startFakeRunway } from '../tests/support/fakeVideoProviders/runway.ts';
import { ownDatabase } from '../tests/support/ownDatabase.ts';
import { makePremium, signUpFree } from './support/accounts.ts';
import { expectNoSideScrollOnPhone, launchBrowser, uniqueName, viewports } from './support/browser.ts';
import { journeyAuthLimits } from './support/limits.ts';

/**
 * Real AI video as a person meets it, with two video models configured (Runway by the variables,
 * Kling on fal by VIDEO_PROVIDERS_FILE), each a fake of its service driven by its real SDK from the
 * worker process; GPT (enhance) and the image assistant (@image) on a fake OpenAI. The api and the
 * worker run on a database of their own, so the suite's shared worker (no video models) never
 * takes these jobs.
 */

let browser: Browser;
let runway: FakeProviderBase;
let fal: FakeProviderBase & { jwksUrl: string };
let luma: FakeProviderBase;
let chat: FakeOpenAI;
let processes: ApiProcess[] = [];
let baseUrl = '';
let dropDb = async () => {};
let databaseUrl = '';

beforeAll(async () => {
  [runway, fal, luma, chat] = await Promise.all([
    startFakeRunway(),
    startFakeFal(),
    startFakeLuma(),
    startFakeOpenAI(),
  ]);
  chat.script(
    'a lighthouse in a storm',
    'A lone lighthouse in a violent storm, waves crashing, slow aerial orbit at dusk.',
  );
  const own = await ownDatabase(inject('e2eDatabaseUrl'), 'chorus_e2e_video');
  databaseUrl = own.url;
  dropDb = own.drop;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'chorus-e2e-video-')), 'video-providers.json');
  writeFileSync(
    file,
    JSON.stringify({
      kling: {
        provider: 'fal',
        apiKey: fal.apiKey,
        baseURL: fal.baseURL,
        model: 'fal-ai/kling-video/v2.1/master/text-to-video',
        label: 'Kling 2.1 (fal)',
        webhookJwksUrl: fal.jwksUrl,
      },
      ray: {
        provider: 'luma',
        apiKey: luma.apiKey,
        baseURL: luma.baseURL,
        model: 'ray-2',
        label: 'Ray 2 (Luma)',
      },
    }),
  );
  const env = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'e2e-session-secret-0123456789',
    STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'chorus-e2e-video-media-')),
    ...journeyAuthLimits,
    VIDEO_PROVIDER: 'runway',
    VIDEO_API_BASE_URL: runway.baseURL,
    VIDEO_API_KEY: runway.apiKey,
    VIDEO_MODEL: 'gen4.5',
    VIDEO_PROVIDERS_FILE: file,
    VIDEO_POLL_MS: '200',
    AI_GPT_BASE_URL: chat.baseURL,
    AI_GPT_API_KEY: 'sk-e2e-gpt',
    AI_IMAGE_BASE_URL: chat.baseURL,
    AI_IMAGE_API_KEY: 'sk-e2e-image',
  };
  processes = [await startApiProcess(env), await startWorkerProcess(env)];
  baseUrl = processes[0]!.url;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const p of processes) await p.stop();
  await dropDb();
  await Promise.all([runway?.close(), fal?.close(), luma?.close(), chat?.close()]);
});

async function signedIn(premium = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: viewports.desktop, baseURL: baseUrl });
  const page = await context.newPage();
  const username = await signUpFree(page, uniqueName('aivideo'), 'video-pass-123');
  if (premium) {
    await makePremium(databaseUrl, username);
    await page.reload();
  }
  return { context, page };
}

async function openVideoDialog(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

describe('real AI video with two models', () => {
  it('picks a model, sees its lengths, enhances the prompt, generates with that model', async () => {
    const { context, page } = await signedIn();
    try {
      const dialog = await openVideoDialog(page, '@video a lighthouse in a storm, 12 seconds');
      const picker = dialog.getByLabel('Video model');
      await picker.waitFor();
      expect(await picker.locator('option').allTextContents()).toEqual([
        'gen4.5 (runway)',
        'Kling 2.1 (fal)',
        'Ray 2 (Luma)',
      ]);
      // Runway's gen4.5 makes 5 or 10 s: 12 s becomes its longest, and the dialog says so.
      await dialog.getByText('10 s: the longest this model makes').waitFor();
      await dialog.getByTestId('video-lengths').getByText('5 s or 10 s').waitFor();

      await picker.selectOption({ label: 'Kling 2.1 (fal)' });
      await dialog.getByText('10 s: the longest this model makes').waitFor();

      // Enhance: the assistant's rewrite streams into the prompt, which stays editable.
      await dialog.getByRole('button', { name: 'Enhance' }).click();
      const prompt = dialog.getByRole('textbox', { name: 'Video prompt' });
      await expect
        .poll(() => prompt.inputValue(), { timeout: 10_000 })
        .toBe('A lone lighthouse in a violent storm, waves crashing, slow aerial orbit at dusk.');
      await prompt.fill(`${await prompt.inputValue()} 10 seconds`);

      await dialog.getByRole('button', { name: 'Generate video' }).click();
      await dialog.locator('video').waitFor({ timeout: 60_000 });
      const made = fal.creations('A lone lighthouse');
      expect(made).toHaveLength(1);
      expect(made[0]!.body.duration).toBe('10');
      expect(runway.creations('A lone lighthouse')).toHaveLength(0);
      await dialog.getByText(/made with fal-ai\/kling-video/).waitFor();
    } finally {
      await context.close();
    }
  });

  it('makes an image-to-video from an @image answer and from a picture in My Files', async () => {
    const { context, page } = await signedIn(true);
    try {
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('@image a red fox in the snow');
      await box.press('Enter');
      const picture = page.getByRole('img', { name: 'a red fox in the snow' });
      await picture.waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Make a video from this picture' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByText('Starts from your picture').waitFor();
      await dialog.getByRole('textbox', { name: 'Video prompt' }).fill('the fox runs across the field');
      await dialog.getByRole('button', { name: 'Generate video' }).click();
      await dialog.locator('video').waitFor({ timeout: 60_000 });
      const [render] = runway.creations('the fox runs');
      expect(String(render!.body.promptImage)).toMatch(/^data:image\/png;base64,/);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'hidden' });

      // And from a picture in My Files.
      const uploaded = await page.evaluate(async () => {
        const png = Uint8Array.from(
          atob(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          ),
          (c) => c.charCodeAt(0),
        );
        const form = new FormData();
        form.append('file', new Blob([png], { type: 'image/png' }), 'sketch.png');
        return (await fetch('/api/files', { method: 'POST', body: form })).status;
      });
      expect(uploaded).toBe(201);
      await page.goto('/files');
      await page.getByRole('link', { name: 'Make a video from sketch.png' }).click();
      const fromFile = page.getByRole('dialog');
      await fromFile.getByText('Starts from your picture').waitFor();
      await fromFile.getByRole('textbox', { name: 'Video prompt' }).fill('the sketch comes alive');
      await fromFile.getByRole('button', { name: 'Generate video' }).click();
      await fromFile.locator('video').waitFor({ timeout: 60_000 });
      expect(String(runway.creations('the sketch comes alive')[0]!.body.promptImage)).toMatch(
        /^data:image\/png;base64,iVBOR/,
      );
    } finally {
      await context.close();
    }
  });

  it('makes an image-to-video from a frame of one of the user’s videos, chosen in the dialog', async () => {
    const { context, page } = await signedIn(true);
    try {
      let dialog = await openVideoDialog(page, '@video a windmill on a hill');
      await dialog.getByRole('button', { name: 'Generate video' }).click();
      await dialog.locator('video').waitFor({ timeout: 60_000 });
      await dialog.getByText('Saved to your gallery', { exact: false }).waitFor({ timeout: 15_000 });
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'hidden' });

      dialog = await openVideoDialog(page, '@video the windmill takes flight');
      await dialog.getByRole('button', { name: 'Start from a frame of a video' }).click();
      const picker = dialog.getByTestId('video-frame-picker');
      await picker.getByRole('option', { name: 'A windmill on a hill' }).click();
      const slider = picker.getByRole('slider', { name: 'Moment of the video' });
      await expect.poll(() => slider.isEnabled(), { timeout: 15_000 }).toBe(true);
      // Scrubbed with the keyboard, a tenth of a second a step; the video shows that moment.
      await slider.focus();
      for (let i = 0; i < 15; i++) await slider.press('ArrowRight');
      await picker.getByTestId('video-frame-time').getByText('1.5 s').waitFor();
      await expect
        .poll(() => picker.getByTestId('video-frame-player').evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeCloseTo(1.5, 1);
      if (process.env.E2E_SHOTS_DIR) {
        for (const scheme of ['light', 'dark'] as const) {
          // The app's colour mode is next-themes' class on <html> (what the header's toggle sets).
          await page.evaluate((dark) => {
            document.documentElement.classList.toggle('dark', dark);
            document.documentElement.classList.toggle('light', !dark);
            document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
          }, scheme === 'dark');
          for (const width of [375, 1280]) {
            await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
            const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
            expect(wide).toBe(false);
            await page.waitForTimeout(400);
            await page.screenshot({
              path: path.join(process.env.E2E_SHOTS_DIR, `frame-picker-${width}-${scheme}.png`),
            });
          }
        }
        await page.setViewportSize(viewports.desktop);
      }
      await picker.getByRole('button', { name: 'Use this frame' }).click();
      await dialog.getByText('Starts from a frame of your video at 1.5 s').waitFor();
      await dialog.getByRole('button', { name: 'Generate video' }).click();
      await dialog.locator('video').waitFor({ timeout: 60_000 });
      const [render] = runway.creations('the windmill takes flight');
      // The server took the frame itself (a JPEG from ffmpeg), not the browser's drawing.
      expect(String(render!.body.promptImage)).toMatch(/^data:image\/jpeg;base64,\/9j\//);
      await dialog.getByText('Saved to your gallery', { exact: false }).waitFor({ timeout: 15_000 });
      const posts = await page.evaluate(async () => (await fetch('/api/posts')).json());
      const [first, second] = [...posts].sort((a: any, b: any) => a.createdAt.localeCompare(b.createdAt));
      expect(second).toMatchObject({ sourceVideoId: first.videoId, sourceFrameSeconds: 1.5 });
      expect(second.sourceImageUrl).toBeTruthy();
    } finally {
      await context.close();
    }
  });

  it('keeps a video rendering after its dialog is closed: in the gallery while it renders, then done; a cancel is no failure', async () => {
    const { context, page } = await signedIn();
    try {
      let dialog = await openVideoDialog(page, '@video a slow glacier [step=1]');
      await dialog.getByRole('button', { name: 'Generate video' }).click();
      await dialog
        .getByTestId('video-progress')
        .getByText(/Rendering$/)
        .waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'hidden' });
      // Closing loses nothing: the toast says where the video will be.
      await page.locator('[data-scope="toast"]').getByRole('button', { name: 'Open My Videos' }).click();
      await page.waitForURL(/\/gallery$/);
      const making = page.getByRole('region', { name: 'In the making' });
      const card = making.getByRole('article', { name: 'a slow glacier [step=1]' });
      const state = card.getByTestId('video-state');
      await state.getByText(/^Rendering · \d+%$/).waitFor({ timeout: 15_000 });
      const first = Number.parseInt((await state.textContent())!.split('·')[1]!, 10);
      // Live progress: it climbs on the page without a reload.
      await expect
        .poll(async () => Number.parseInt((await state.textContent())!.split('·')[1] ?? '100', 10), {
          timeout: 30_000,
        })
        .toBeGreaterThan(first);
      await expectNoSideScrollOnPhone(page);
      // Done: it leaves "In the making" for the gallery itself, kept private (the switch starts off).
      await card.waitFor({ state: 'hidden', timeout: 60_000 });
      await page.getByText('1 video(s) saved').waitFor();
      const kept = page.getByRole('article', { name: 'a slow glacier [step=1]' });
      await kept.getByText('Private', { exact: true }).waitFor();

      // A cancelled video is said calmly, not as a failure, here and in the gallery.
      await page.goto('/chat');
      dialog = await openVideoDialog(page, '@video a cancelled kite [step=1]');
      await dialog.getByRole('button', { name: 'Generate video' }).click();
      await dialog
        .getByTestId('video-progress')
        .getByText(/Rendering$/)
        .waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Cancel video' }).click();
      await dialog.getByTestId('video-cancelled').getByText('Video cancelled').waitFor();
      expect(await dialog.getByText('Generation Failed').count()).toBe(0);
      expect(await page.locator('[data-scope="toast"]').getByText('Generation Failed').count()).toBe(0);
      // Runway confirmed the cancel: the video is given back.
      await dialog.getByText('1 of 2 videos left this month').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await page.goto('/gallery');
      const cancelled = page
        .getByRole('region', { name: 'In the making' })
        .getByRole('article', { name: 'a cancelled kite [step=1]' });
      await cancelled.getByTestId('video-state').getByText('Cancelled', { exact: true }).waitFor();
      await cancelled.getByText('You cancelled this video.').waitFor();
      // Put away, it stays away (the server keeps that), and nothing else is left in the making.
      await cancelled.getByRole('button', { name: 'Dismiss a cancelled kite [step=1]' }).click();
      await cancelled.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByText('1 video(s) saved').waitFor();
      expect(await page.getByRole('region', { name: 'In the making' }).count()).toBe(0);
      expect((page as Page & { errors?: string[] }).errors ?? []).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('counts down an estimate when the model reports no percentage (Luma), and a refusal says why', async () => {
    const { context, page } = await signedIn();
    try {
      let dialog = await openVideoDialog(page, '@video a slow tide [step=2]');
      await dialog.getByLabel('Video model').selectOption({ label: 'Ray 2 (Luma)' });
      await dialog.getByTestId('video-lengths').getByText('5 s or 9 s').waitFor();
      await dialog.getByRole('button', { name: 'Generate video' }).click();
      await dialog
        .getByTestId('video-remaining')
        .getByText(/\(estimate\)$/)
        .waitFor({ timeout: 15_000 });
      await dialog.locator('video').waitFor({ timeout: 60_000 });
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'hidden' });

      dialog = await openVideoDialog(page, '@video something forbidden [refuse]');
      await dialog.getByLabel('Video model').selectOption({ label: 'Ray 2 (Luma)' });
      await dialog.getByRole('button', { name: 'Generate video' }).click();
      await dialog
        .getByText('The prompt was blocked by the content safety policy')
        .waitFor({ timeout: 30_000 });
      // Not counted: of the free plan's two videos, only the one made above is used.
      const used = await page.evaluate(
        async () => (await (await fetch('/api/videos/allowance')).json()).used,
      );
      expect(used).toBe(1);
      await dialog.getByText('1 of 2 videos left this month').waitFor();
    } finally {
      await context.close();
    }
  });
});
