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
 * Custom assistants (web/src/features/assistants): A makes one in the dialog (the handle follows the
 * name until typed, the preview shows it) shared with friends; its card links to the chat with it,
 * where A calls it by its @handle and it answers under its name.
 * Friend B finds it under "Shared by friends" and copies it to theirs. A public one is found in the
 * Directory by search. Screenshots of Mine, the Directory and the dialog in the four looks.
 */

const contextFor = useSignedInContexts('ast');
const SHOTS = shotsFolder('assistants');
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };
const tag = () => Math.random().toString(36).slice(2, 8);

describe('custom assistants', () => {
  it('A makes one for friends; friend B copies it; a public one is in the directory', async (test) => {
    const [ctxA, ctxB] = await Promise.all([contextFor(desktop), contextFor(desktop)]);
    await friendsWithConversation(ctxA, ctxB, await whoIs(ctxB));
    const page = await ctxA.newPage();
    screenshotOnFailure(test, page, 'assistants');
    await page.goto('/assistants');
    await page.getByText('No assistants yet — make one that answers your way.').waitFor();
    await page.getByRole('button', { name: 'New assistant' }).click();
    const form = page.getByRole('dialog', { name: 'New assistant' });
    const t = tag();
    await form.getByLabel('Name').fill(`Chef ${t}`);
    // The handle follows the name until it is typed.
    await expect.poll(() => form.getByLabel('Handle').inputValue()).toBe(`chef_${t}`);
    await form.getByLabel('Description').fill('Cooks with what you have');
    await form.getByLabel('Runs on').selectOption('claude');
    await form.getByLabel('Instructions').fill('Answer as a patient chef.');
    await form.getByLabel('Starter 1', { exact: true }).fill('What can I cook with eggs?');
    await form.locator('label', { hasText: /^Friends/ }).click();
    expect(await form.getByRole('radio', { name: /^Friends/ }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Make assistant' }).click();
    await form.waitFor({ state: 'hidden' });
    const card = page.getByRole('article', { name: `Chef ${t}` });
    await card.getByText(`@chef_${t}`).waitFor();
    await card.getByText('Runs on Claude').waitFor();
    expect(await card.getByRole('link', { name: `Chat with Chef ${t}` }).getAttribute('href')).toBe(
      `/chat?assistant=chef_${t}`,
    );

    // Chat with it: the link picks it in the model list; its @handle addresses it; its answers carry
    // its name (offline here: no keys, so the answer says it would follow its instructions), and the
    // chat stays with it for the next message.
    await card.getByRole('link', { name: `Chat with Chef ${t}` }).click();
    await page.getByRole('button', { name: 'Insert a saved prompt' }).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Model' }).textContent())
      .toContain(`Chef ${t}`);
    const box = page.getByRole('textbox', { name: 'Message' });
    // The empty chat offers its starters, which go into the message box.
    await page
      .getByRole('region', { name: `Starters for Chef ${t}` })
      .getByRole('button', { name: 'What can I cook with eggs?' })
      .click();
    await expect.poll(() => box.inputValue()).toBe('What can I cook with eggs?');
    await box.fill(`@chef_${t} what can I cook with eggs?`);
    await box.press('Enter');
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText(`With a key, Chef ${t} would follow its instructions`, { exact: false }).waitFor();
    await log
      .getByRole('article', { name: new RegExp(`Chef ${t}`) })
      .first()
      .waitFor();
    // Sent once the first answer is written (the message box waits for it).
    await box.fill('and with rice?');
    const send = page.getByRole('button', { name: 'Send message' });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await expect.poll(() => log.getByText(`With a key, Chef ${t} would`, { exact: false }).count()).toBe(2);
    await page.goto('/assistants');
    await card.waitFor();

    // A taken handle is said in the dialog, and what was typed stays.
    await page.getByRole('button', { name: 'New assistant' }).click();
    const again = page.getByRole('dialog', { name: 'New assistant' });
    await again.getByLabel('Name').fill('Another');
    await again.getByLabel('Handle').fill(`chef_${t}`);
    await again.getByRole('button', { name: 'Make assistant' }).click();
    await again.getByText('That handle is taken').waitFor();
    expect(await again.getByLabel('Name').inputValue()).toBe('Another');
    await again.getByRole('button', { name: 'Cancel' }).click();

    const pageB = await ctxB.newPage();
    await pageB.goto('/assistants');
    const shared = pageB
      .getByRole('region', { name: /Shared by friends/ })
      .getByRole('article', { name: `Chef ${t}` });
    await shared.getByRole('button', { name: `Copy to mine: Chef ${t}` }).click();
    await pageB.getByRole('heading', { name: 'Yours (1)' }).waitFor();
    const theirs = (await gqlAs(ctxB, '{ customAssistants { handle mine visibility } }')).customAssistants;
    expect(theirs).toEqual(
      expect.arrayContaining([
        { handle: `chef_${t}_2`, mine: true, visibility: 'private' },
        { handle: `chef_${t}`, mine: false, visibility: 'friends' },
      ]),
    );

    // A public one of A's is found in B's directory.
    await gqlAs(
      ctxA,
      `mutation { createCustomAssistant(input: { name: "Poet ${t}", handle: "poet_${t}", visibility: "public" }) { id } }`,
    );
    await pageB.getByRole('tab', { name: 'Directory' }).click();
    await pageB.getByRole('searchbox', { name: 'Search public assistants' }).fill(`poet_${t}`);
    await pageB.getByRole('searchbox', { name: 'Search public assistants' }).press('Enter');
    await pageB.getByRole('article', { name: `Poet ${t}` }).waitFor();
    expect(await pageB.getByRole('article').count()).toBe(1);
    await Promise.all([ctxA.close(), ctxB.close()]);
  });

  it.each(looks)('the Assistants page and its dialog read well at $name', async (look) => {
    const ctx = await contextFor(look);
    const t = tag();
    await gqlAs(
      ctx,
      `mutation { createCustomAssistant(input: { name: "Grammar helper ${t}", handle: "grammar_${t}", color: "#f59e0b", description: "Fixes your English and says why.", visibility: "public", starters: ["Check this paragraph", "Explain the subjunctive"] }) { id } }`,
    );
    const page = await ctx.newPage();
    await page.goto('/assistants');
    await page.getByRole('article', { name: `Grammar helper ${t}` }).waitFor();
    await expectNoSideScroll(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/mine-${look.name}.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Directory' }).click();
    // Searched for its own, so what axe reads is one settled list (a fresh tab's is still arriving).
    const search = page.getByRole('searchbox', { name: 'Search public assistants' });
    await search.fill(`grammar_${t}`);
    await search.press('Enter');
    const directory = page.getByRole('tabpanel', { name: 'Directory' });
    await directory.getByRole('article', { name: `Grammar helper ${t}` }).waitFor();
    await expect.poll(() => directory.getByRole('article').count()).toBe(1);
    await expectNoSideScroll(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/directory-${look.name}.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Mine' }).click();
    await page
      .getByRole('tabpanel', { name: 'Mine' })
      .getByRole('button', { name: `Edit Grammar helper ${t}` })
      .click();
    await page.getByRole('dialog', { name: 'Edit assistant' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/dialog-${look.name}.png` });
    await ctx.close();
  });
});
