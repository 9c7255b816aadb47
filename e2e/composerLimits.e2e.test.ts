import { MESSAGE_MAX } from '@chorus/shared/chatRules';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpFree, spendFreePrompts } from './support/accounts.ts';
import { expectNoSideScroll, uniqueName, useJourney, viewports } from './support/browser.ts';

/**
 * The composer's limits and what the chat shows of what it sends: a message over the length limit is
 * refused before the box empties, a plan's refusal says why and offers the upgrade (not a Retry that
 * cannot work), long prompts fold, text reads in its own direction, and toasts keep off the top bars.
 */

const journey = useJourney('composerLimits');

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const yourMessages = (page: Page) => page.getByRole('article', { name: 'Your message' });
const answers = (page: Page) => page.locator('[role="log"] article[data-status]');

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

async function answered(page: Page, count: number) {
  await expect.poll(() => answers(page).count(), { timeout: 15_000 }).toBe(count);
  await expect
    .poll(() => answers(page).last().getAttribute('data-status'), { timeout: 20_000 })
    .toBe('complete');
}

describe('Composer limits', () => {
  it('counts near the limit and keeps an over-long message; long prompts fold; RTL reads right to left; toasts clear the top bars', async (test) => {
    const { page } = await journey.newPage(test, viewports.mobile);
    await signUpFree(page, uniqueName('limits'), 'limits-pass-123');
    const box = messageBox(page);
    const counter = page.getByTestId('message-length');

    // Well under the limit: no counter. Near it: the count. Over it: refused, and the text stays.
    await box.fill('short');
    expect(await counter.count()).toBe(0);
    await box.fill('a'.repeat(MESSAGE_MAX - 500));
    expect(await counter.textContent()).toBe('19,500 / 20,000');
    const tooLong = 'b'.repeat(MESSAGE_MAX + 12);
    await box.fill(tooLong);
    await box.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Too long to send' }).waitFor();
    expect(await counter.textContent()).toContain('20,012 / 20,000');
    expect(await counter.textContent()).toContain('remove 12 characters');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    expect(await box.inputValue()).toBe(tooLong);
    expect(await yourMessages(page).count()).toBe(0);
    await expectNoSideScroll(page);

    // A long prompt (30 lines) shows folded, with a Show more that opens it and is said to.
    const lines = Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of a pasted log`).join('\n');
    await send(page, lines);
    expect(await box.inputValue()).toBe('');
    await answered(page, 1);
    const prompt = yourMessages(page).first();
    const bubble = prompt.locator('[data-collapsed]');
    expect(await bubble.getAttribute('data-collapsed')).toBe('true');
    const collapsedHeight = (await bubble.boundingBox())!.height;
    const more = prompt.getByRole('button', { name: 'Show more' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    // By keyboard: focus and Enter.
    await more.focus();
    await page.keyboard.press('Enter');
    const less = prompt.getByRole('button', { name: 'Show less' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    expect(await bubble.getAttribute('data-collapsed')).toBe('false');
    expect((await bubble.boundingBox())!.height).toBeGreaterThan(collapsedHeight * 2);
    expect(await prompt.textContent()).toContain('Line 30 of a pasted log');

    // Hebrew reads right to left in its bubble; the chat's title (from it) too.
    await send(page, 'שלום עולם, מה שלומך?');
    await answered(page, 2);
    const hebrew = yourMessages(page).last().locator('[data-status]');
    expect(await hebrew.getAttribute('dir')).toBe('auto');
    expect(await hebrew.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    expect(await bubble.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');

    // A new chat titled in Hebrew: its heading reads right to left.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('button', { name: 'New Chat' }).click();
    await send(page, 'מה השעה?');
    await answered(page, 1);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent(), { timeout: 10_000 }).toBe('מה השעה?');
    expect(await heading.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');

    // The prompt opened above stays open when its chat is opened again.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('link', { name: /^Line 1 of a pasted log/ }).click();
    await yourMessages(page).first().getByText('Line 1 of a pasted log', { exact: false }).waitFor();
    expect(await yourMessages(page).first().getByRole('button', { name: 'Show less' }).count()).toBe(1);

    // A toast (a bare @command) shows below the header and the chat's title bar, not over their buttons.
    await send(page, '@claude');
    const toast = page.locator('[data-scope="toast"][data-part="root"]');
    await toast.getByText('Claude is now answering').waitFor();
    const titleBar = (await page.locator('[data-top-bar]').boundingBox())!;
    const header = (await page.locator('header').first().boundingBox())!;
    const barsEnd = Math.max(header.y + header.height, titleBar.y + titleBar.height);
    expect(barsEnd).toBeGreaterThan(64);
    // Once it has slid in.
    await page.waitForTimeout(600);
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(barsEnd);
  });

  it("shows a plan's refusal with its reason and Upgrade, and no Retry", async (test) => {
    const { page } = await journey.newPage(test, viewports.desktop);
    const username = await signUpFree(page, uniqueName('limits'), 'limits-pass-123');
    await send(page, 'First question');
    await answered(page, 1);

    // The free allowance used up (as after ten prompts).
    await spendFreePrompts(username);
    await send(page, 'One more question');
    const failed = yourMessages(page).last();
    await failed.getByTestId('not-sent').waitFor();
    expect(await failed.getByTestId('not-sent').textContent()).toBe(
      "Not sent: You've used all 10 prompts of your plan this month. Upgrade to Premium for unlimited prompts.",
    );
    expect(await failed.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plans');
    expect(await failed.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await failed.getByRole('button', { name: 'Copy message' }).count()).toBe(1);
    await failed.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL(/\/plans$/);
  });
});
