import { readFile } from 'node:fs/promises';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInContext } from './support/accounts.ts';
import { axeProblems } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  type Mode,
  screenshot,
  screenshotOnFailure,
  shotsFolder,
  useJourney,
  viewports,
} from './support/browser.ts';
import { gqlAs } from './support/graphqlAs.ts';

/**
 * Usage (/usage, web/src/features/usage): after one chat message the month shows the prompt of the
 * plan and the answer's tokens; the previous month is empty; Download CSV gives the days. Screenshots
 * in the four looks.
 */

const journey = useJourney('usage');
const SHOTS = shotsFolder('usage');
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };

/** One prompt through GraphQL, waited for until its answer is written. */
async function sendOne(ctx: BrowserContext, content: string) {
  const sent = await gqlAs(
    ctx,
    'mutation($input: SendMessageInput!) { sendMessage(input: $input) { chat { id } aiMessage { id } } }',
    { input: { content } },
  );
  const chatId = sent.sendMessage.chat.id as string;
  for (let i = 0; i < 100; i++) {
    const { messages } = await gqlAs(ctx, 'query($id: ID!) { messages(chatId: $id) { id status } }', {
      id: chatId,
    });
    if (
      messages.some(
        (m: { id: string; status: string }) =>
          m.id === sent.sendMessage.aiMessage.id && m.status !== 'streaming',
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the answer was never written');
}

describe('Usage', () => {
  it('shows the month after a message, goes back a month, and downloads the CSV', async (test) => {
    const ctx = await signedInContext(journey.browser(), desktop, 'use');
    await sendOne(ctx, 'Hello, how are you?');
    const api = (await (await ctx.request.get('/api/usage')).json()) as {
      month: string;
      tokens: { total: number };
      prompts: { used: number; limit: number };
    };
    expect(api.prompts.used).toBe(1);
    const page = await ctx.newPage();
    screenshotOnFailure(test, page, 'usage');
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Usage' }).first().click();
    await page.waitForURL('**/usage');
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Usage | Chorus');
    const summary = page.getByTestId('usage-summary');
    await summary.getByText(`1 of ${api.prompts.limit}`).waitFor();
    await summary
      .getByText(new Intl.NumberFormat('en-US').format(api.tokens.total), { exact: true })
      .waitFor();
    await summary.getByText('Prices not configured').waitFor();
    await page.getByRole('progressbar', { name: 'Prompts used' }).waitFor();
    await page.getByRole('cell', { name: 'GPT' }).waitFor();
    expect(await page.getByText('No usage this month yet').count()).toBe(0);
    // The chart's numbers as a table.
    await page.getByText('Show as a table').click();
    await page.getByRole('table').filter({ hasText: 'Video seconds' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);

    // Download CSV: this month's days.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`chorus-usage-${api.month}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('date,prompts,tokens,video_seconds');
    expect(csv).toContain(`${new Date().toISOString().slice(0, 10)},1,${api.tokens.total},0`);

    // The previous month: nothing yet; next leads back, and not past this month.
    await page.getByRole('button', { name: /^Previous month/ }).click();
    await page.waitForURL(/\/usage\?month=\d{4}-\d{2}$/);
    await page.getByText('No usage this month yet').waitFor();
    await page.getByTestId('usage-summary').getByText('0 of', { exact: false }).waitFor();
    await page.getByRole('button', { name: /^Next month/ }).click();
    await summary.getByText(`1 of ${api.prompts.limit}`).waitFor();
    expect(await page.getByRole('button', { name: /^Next month/ }).isDisabled()).toBe(true);
    await ctx.close();
  });

  it.each(looks)('reads well at $name', async (look) => {
    const ctx = await signedInContext(journey.browser(), look, 'use');
    await sendOne(ctx, 'Tell me about autumn');
    await sendOne(ctx, '@claude And about winter?');
    const page = await ctx.newPage();
    await page.goto('/usage');
    await page.getByRole('cell', { name: 'Claude' }).waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, { path: `${SHOTS}/usage-${look.name}.png`, fullPage: true });
    await page.getByRole('button', { name: /^Previous month/ }).click();
    await page.getByText('No usage this month yet').waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, { path: `${SHOTS}/usage-empty-${look.name}.png`, fullPage: true });
    await ctx.close();
  });
});
