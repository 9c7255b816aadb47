import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { axeProblems } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  type Mode,
  screenshot,
  screenshotOnFailure,
  shotsFolder,
  viewports,
} from './support/browser.ts';
import { friendsWithConversation, gqlAs, whoIs } from './support/graphqlAs.ts';

/**
 * Saved prompts (web/src/features/prompts): A saves a prompt with a {{blank}} and shares it; in the
 * chat, `/` in the empty message box opens the picker, the blank is filled and the text lands in the
 * box (not sent). A's friend B finds it under "Shared by friends" and keeps a copy. Screenshots of
 * the Prompts page and the picker in the four looks.
 */

const contextFor = useSignedInContexts('prm');
const SHOTS = shotsFolder('prompts');
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };

describe('saved prompts', () => {
  it('A saves and shares a prompt, inserts it with / in the chat; friend B keeps a copy', async (test) => {
    const [ctxA, ctxB] = await Promise.all([contextFor(desktop), contextFor(desktop)]);
    await friendsWithConversation(ctxA, ctxB, await whoIs(ctxB));
    const page = await ctxA.newPage();
    screenshotOnFailure(test, page, 'prompts');
    await page.goto('/prompts');
    await page.getByText('None yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'New prompt' }).click();
    const form = page.getByRole('dialog', { name: 'New prompt' });
    await form.getByLabel('Title').fill('Cover letter');
    await form.getByLabel('Prompt').fill('Write a short cover letter for a {{job}} position.');
    await form.getByText('Asks for: job.', { exact: false }).waitFor();
    await form.getByText('Share with my friends').click();
    await form.getByRole('button', { name: 'Add prompt' }).click();
    await form.waitFor({ state: 'hidden' });
    const card = page.getByRole('article', { name: 'Cover letter' });
    await card.getByText('Shared').waitFor();

    await page.goto('/chat');
    // Typed into the outline the server draws before the app is live, `/` is only text (shellDraft.ts):
    // the prompts button is the live composer's.
    await page.getByRole('button', { name: 'Insert a saved prompt' }).waitFor();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.press('/');
    const picker = page.getByRole('dialog', { name: 'Insert a prompt' });
    await picker.getByRole('combobox', { name: 'Search your prompts' }).fill('cover');
    // Enter picks the highlighted prompt, once the list (loaded when the picker opens) shows it.
    await picker.getByRole('option', { name: /Cover letter/ }).waitFor();
    await picker.getByRole('combobox', { name: 'Search your prompts' }).press('Enter');
    // The same dialog, now named by the prompt, asks for its blanks.
    const fill = page.getByRole('dialog', { name: 'Cover letter' });
    await fill.getByLabel('job').fill('baker');
    await fill.getByText('Write a short cover letter for a baker position.').waitFor();
    await fill.getByRole('button', { name: 'Insert', exact: true }).click();
    await expect.poll(() => box.inputValue()).toBe('Write a short cover letter for a baker position.');
    // Not sent: the chat has no messages yet, and the box keeps the focus to go on typing.
    expect(await page.getByRole('log', { name: 'Messages' }).getByText('baker').count()).toBe(0);
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);

    // B sees it as shared by A, and keeps a copy of their own.
    const pageB = await ctxB.newPage();
    await pageB.goto('/prompts');
    const shared = pageB
      .getByRole('region', { name: /Shared by friends/ })
      .getByRole('article', { name: 'Cover letter' });
    await shared.getByRole('button', { name: 'Keep a copy of Cover letter' }).click();
    await pageB.getByRole('heading', { name: 'Your prompts (1)' }).waitFor();
    const mine = (await gqlAs(ctxB, '{ prompts { title mine shared } }')).prompts;
    expect(mine).toEqual(
      expect.arrayContaining([
        { title: 'Cover letter', mine: true, shared: false },
        { title: 'Cover letter', mine: false, shared: true },
      ]),
    );
    await Promise.all([ctxA.close(), ctxB.close()]);
  });

  it.each(looks)('the Prompts page and the picker read well at $name', async (look) => {
    const ctx = await contextFor(look);
    await gqlAs(
      ctx,
      'mutation { createPrompt(input: { title: "Weekly update for the whole team", body: "Summarise {{project}} progress for {{audience}} in three bullet points, plainly.", shared: true }) { id } }',
    );
    const page = await ctx.newPage();
    await page.goto('/prompts');
    await page.getByRole('article', { name: 'Weekly update for the whole team' }).waitFor();
    await expectNoSideScroll(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/prompts-${look.name}.png`, fullPage: true });
    await page.goto('/chat');
    // The live composer's: its prompts button, folded into "Add to message" on a phone.
    await page
      .getByRole('button', { name: /^(Insert a saved prompt|Add to message)$/ })
      .first()
      .waitFor();
    await page.getByRole('textbox', { name: 'Message' }).press('/');
    const picker = page.getByRole('dialog', { name: 'Insert a prompt' });
    await picker.getByRole('option', { name: /Weekly update/ }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/picker-${look.name}.png` });
    await ctx.close();
  });
});
