import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpFree } from './support/accounts.ts';
import { expectNoSideScroll, uniqueName, useJourney, viewports } from './support/browser.ts';

/** My Files as a person uses it: upload, see the storage card change, download, delete. */

const journey = useJourney('files', { fullPage: true });

const signUp = (page: Page) => signUpFree(page, uniqueName('files'), 'files-pass-123');

const NOTES = Buffer.from('Meeting notes\n'.repeat(200)); // 2800 bytes → "2.7 KB"

describe('My Files', () => {
  it('uploads a file, shows it and the storage used, downloads it and deletes it', async (test) => {
    const { context, page } = await journey.newPage(test, viewports.desktop);
    await signUp(page);
    await page.goto('/files');
    await expect.poll(() => page.getByText('No files yet').isVisible(), { timeout: 10_000 }).toBe(true);
    const used = page.getByTestId('storage-used');
    expect(await used.textContent()).toBe('0 B of 100 MB used');

    await page.getByRole('button', { name: 'Upload File' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: NOTES,
    });
    await expect.poll(() => page.getByText('File uploaded').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => used.textContent()).toBe('2.7 KB of 100 MB used');
    const row = page.getByRole('row').filter({ hasText: 'notes.txt' });
    expect(await row.textContent()).toContain('Text');
    expect(await row.textContent()).toContain('2.7 KB');
    expect(await dialog.isVisible()).toBe(false);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download notes.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('notes.txt');
    expect(await readFile((await download.path())!)).toEqual(NOTES);

    await page.getByRole('button', { name: 'Delete notes.txt' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this file?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('No files yet').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await used.textContent()).toBe('0 B of 100 MB used');
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('takes a dropped file, explains a refusal, and fits 375 px in dark mode', async (test) => {
    const { context, page } = await journey.newPage(test, viewports.mobile);
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await signUp(page);
    await page.goto('/files');
    await page.getByRole('button', { name: 'Upload File' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a file' });

    // An executable renamed to .png: the server reads the bytes and refuses it, and says why.
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'cat.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]),
    });
    await expect
      .poll(() => dialog.getByText('Could not upload cat.png').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await dialog.textContent()).toContain('Only images, audio, video, PDF');

    const drop = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['# Plan\n\n- ship it\n'], 'plan.md', { type: 'text/markdown' }));
      return transfer;
    });
    const zone = dialog.getByTestId('dropzone');
    await zone.dispatchEvent('dragover', { dataTransfer: drop });
    await zone.dispatchEvent('drop', { dataTransfer: drop });
    const row = page.getByRole('row').filter({ hasText: 'plan.md' });
    await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.textContent()).toContain('Markdown');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoSideScroll(page);
    await context.close();
  });
});
