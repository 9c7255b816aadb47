import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { axeProblems } from './support/axe.ts';
import { expectNoSideScroll, looks, screenshot, shotsFolder } from './support/browser.ts';
import { useJourneyDatabase } from './support/database.ts';
import { whoIs } from './support/graphqlAs.ts';

/**
 * The chat's model list with custom assistants (api/src/modules/chat/core/catalogueView.ts): they
 * follow the nine under "Custom assistants". Making one and chatting with it by its @handle is
 * e2e/assistants.e2e.test.ts. Screenshots of the list at 375 px dark and 1280 px light.
 */

const db = useJourneyDatabase();
const contextFor = useSignedInContexts('asc');
const SHOTS = shotsFolder('assistantsChat');

async function insertAssistant(userId: string, handle: string) {
  await db().query(
    `insert into custom_assistants (user_id, name, handle, color, description, instructions, model)
     values ($1, 'Pirate Pal', $2, '#b45309', 'Answers like a pirate', 'Always answer like a pirate.', 'gpt')`,
    [userId, handle],
  );
}

describe('custom assistants in the chat', () => {
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
