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
import { useJourneyDatabase } from './support/database.ts';
import { whoIs } from './support/graphqlAs.ts';

/**
 * Custom assistants in the chat (api/src/modules/chat/core/customAssistant.ts): one made for A is
 * picked in the model list and called by its @handle; its answers carry its name and colour (offline
 * here: no keys, so the answer says it would follow its instructions). Screenshots of the model list.
 */

const db = useJourneyDatabase();
const contextFor = useSignedInContexts('asc');
const SHOTS = shotsFolder('assistantsChat');
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };

async function insertAssistant(userId: string, handle: string) {
  await db().query(
    `insert into custom_assistants (user_id, name, handle, color, description, instructions, model)
     values ($1, 'Pirate Pal', $2, '#b45309', 'Answers like a pirate', 'Always answer like a pirate.', 'gpt')`,
    [userId, handle],
  );
}

describe('custom assistants in the chat', () => {
  it('A calls their assistant by @handle; its answer carries its name', async (test) => {
    const ctx = await contextFor(desktop);
    const me = await whoIs(ctx);
    const handle = `pirate_${me.username.slice(-6).toLowerCase()}`;
    await insertAssistant(me.id, handle);
    const page = await ctx.newPage();
    screenshotOnFailure(test, page, 'assistantsChat');
    await page.goto(`/chat?assistant=${handle}`);
    await page.getByRole('button', { name: 'Insert a saved prompt' }).waitFor();
    // The link picked it in the model list.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Model' }).textContent())
      .toContain('Pirate Pal');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(`@${handle} where is the treasure?`);
    await box.press('Enter');
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText('With a key, Pirate Pal would follow its instructions', { exact: false }).waitFor();
    await log
      .getByRole('article', { name: /Pirate Pal/ })
      .first()
      .waitFor();
    // The chat stays with it: a plain message goes to it too.
    await box.fill('and the map?');
    await box.press('Enter');
    await expect.poll(() => log.getByText('With a key, Pirate Pal would', { exact: false }).count()).toBe(2);
    await ctx.close();
  });

  it.each(looks.filter((l) => l.name === '375-dark' || l.name === '1280-light'))(
    'the model list with custom assistants reads well at $name',
    async (look) => {
      const ctx = await contextFor(look);
      const me = await whoIs(ctx);
      await insertAssistant(me.id, `pal_${me.username.slice(-6).toLowerCase()}`);
      const page = await ctx.newPage();
      await page.goto('/chat');
      await page
        .getByRole('button', { name: /^(Insert a saved prompt|Add to message)$/ })
        .first()
        .waitFor();
      if (look.viewport.width < 600) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.getByRole('combobox', { name: 'Model' }).click();
      const option = page.getByRole('option', { name: /Pirate Pal/ });
      await option.scrollIntoViewIfNeeded();
      await page.getByText('Custom assistants').waitFor();
      await expectNoSideScroll(page);
      expect(await axeProblems(page)).toEqual([]);
      await screenshot(page, { path: `${SHOTS}/model-list-${look.name}.png` });
      await ctx.close();
    },
  );
});
