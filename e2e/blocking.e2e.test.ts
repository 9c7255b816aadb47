import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { expectNoSideScroll, type Mode, screenshot, shotsFolder, viewports } from './support/browser.ts';
import { friendsWithConversation, gqlAs, sendDm, whoIs } from './support/graphqlAs.ts';

/**
 * Reporting and blocking a person where people meet (web/src/features/moderation/PersonSafetyMenu.tsx
 * on Friends and in a conversation, ReportButton on each direct message): A reports B's message and
 * blocks B from the report; B's message leaves A's thread and neither can write; B is told only that
 * they can't message A; A unblocks B from the conversation's menu.
 */

const contextFor = useSignedInContexts('blk');
const SHOTS = shotsFolder('blocking');

const thread = (page: Page) => page.getByRole('log', { name: /^Messages with/ });

describe('reporting and blocking a person', () => {
  it('A reports B’s message, blocks B from the report, and unblocks B from the conversation', async () => {
    const modeA: Mode = { colorScheme: 'light', viewport: viewports.desktop };
    const modeB: Mode = { colorScheme: 'dark', viewport: viewports.mobile };
    const [ctxA, ctxB] = await Promise.all([contextFor(modeA), contextFor(modeB)]);
    const [a, b] = await Promise.all([whoIs(ctxA), whoIs(ctxB)]);
    const conversation = await friendsWithConversation(ctxA, ctxB, b);
    await sendDm(ctxB, conversation, 'A message A will report');

    // Friends: the row of B has a menu to report or block them.
    const pageA = await ctxA.newPage();
    await pageA.goto('/friends');
    await pageA.getByRole('button', { name: `More for @${b.username}` }).click();
    await pageA.getByRole('menuitem', { name: `Report @${b.username}` }).waitFor();
    await pageA.getByRole('menuitem', { name: `Block @${b.username}` }).waitFor();
    await pageA.keyboard.press('Escape');

    // At 375 px the menu sits beside Message and Remove, on screen.
    const pageB = await ctxB.newPage();
    await pageB.goto('/friends');
    await pageB.getByRole('button', { name: `More for @${a.username}` }).waitFor();
    await expectNoSideScroll(pageB);
    await screenshot(pageB, { path: `${SHOTS}/friends-375-dark.png` });

    // A reports B's message from the conversation, then blocks B from the report's answer.
    await pageA.goto(`/messages?c=${conversation}`);
    await thread(pageA).getByText('A message A will report').waitFor();
    await screenshot(pageA, { path: `${SHOTS}/conversation-1280-light.png` });
    await thread(pageA).getByRole('button', { name: 'Report this message' }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Report this message' });
    await dialog.getByText('Harassment or bullying').click();
    const reported = pageA.waitForResponse((r) => r.url().endsWith('/api/reports'));
    await dialog.getByRole('button', { name: 'Send report' }).click();
    expect((await reported).status()).toBe(201);
    await pageA.getByRole('dialog', { name: 'Thanks for telling us' }).waitFor();
    await pageA.getByRole('button', { name: `Block @${b.username}` }).click();
    await pageA.getByText('Blocked', { exact: true }).first().waitFor();

    // B's message is gone from A's thread and preview; neither may write.
    await pageA.getByText(`You blocked ${b.username}.`, { exact: false }).waitFor();
    await thread(pageA).getByText('No messages yet').waitFor();
    expect(await pageA.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(false);
    expect(await pageA.getByText('A message A will report').count()).toBe(0);

    // B is told only that they can't write (the block itself isn't named), and has no composer.
    await pageB.goto(`/messages?c=${conversation}`);
    await thread(pageB).getByText('A message A will report').waitFor();
    await pageB.getByText(`You can't message ${a.username} now`, { exact: false }).waitFor();
    expect(await pageB.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(false);
    await expectNoSideScroll(pageB);
    await screenshot(pageB, { path: `${SHOTS}/blocked-side-375-dark.png` });
    // Their friendship ended with the block, and A's public profile is not B's to see (nor its Follow).
    await pageB.goto('/friends');
    await pageB.getByText('No friends yet').waitFor();
    await pageB.goto(`/u/${a.username}`);
    await pageB.getByRole('heading', { name: 'Creator Not Found' }).waitFor();
    expect(await pageB.getByRole('button', { name: 'Follow' }).count()).toBe(0);

    // A unblocks B from the conversation's menu: B's message is back; writing needs friends again.
    await pageA.getByRole('button', { name: `More for @${b.username}` }).click();
    await pageA.getByRole('menuitem', { name: `Unblock @${b.username}` }).click();
    await pageA.getByText('Unblocked', { exact: true }).first().waitFor();
    await thread(pageA).getByText('A message A will report').waitFor();
    await pageA.getByText('only friends can write to each other', { exact: false }).waitFor();
    await screenshot(pageA, { path: `${SHOTS}/unblocked-1280-light.png` });

    // The report reached the server: A's reports list it as open.
    const mine = await gqlAs(ctxA, '{ myReports { targetType status } }');
    expect(mine.myReports).toEqual([{ targetType: 'message', status: 'open' }]);
    await Promise.all([ctxA.close(), ctxB.close()]);
  });
});
