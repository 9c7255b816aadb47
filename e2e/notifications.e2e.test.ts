import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSignedInContexts } from './support/accounts.ts';
import { recorded, STAND_INS } from './support/alertStandIns.ts';
import { expectNoSideScroll, type Mode, screenshot, shotsFolder, viewports } from './support/browser.ts';
import { friendsWithConversation, sendDm, whoIs } from './support/graphqlAs.ts';

/**
 * The two notification settings do what they say (web/src/features/notifications): with "Allow
 * Notifications" a message arriving while Chorus is in a background tab shows a browser
 * notification that opens the conversation; with "Enable Sounds" it chimes; and turning the setting
 * on asks the browser's permission, saying what it answered. The browser's Notification and audio
 * are stood in for (recorded), and the tab's visibility is set by the journey.
 */

const contextFor = useSignedInContexts('ntf');
const SHOTS = shotsFolder('notifications');

/** Resolves once the page's socket has asked for the live social events (notifications/liveAlerts.ts). */
function socialEventsSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        if (String(payload).includes('subscription SocialEvents')) resolve();
      }),
    );
  });
}

describe('notification settings', () => {
  it('a message in a background tab shows a notification that opens it, and chimes; Settings asks the browser', async () => {
    const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };
    const [ctxA, ctxB] = await Promise.all([contextFor(desktop), contextFor(desktop)]);
    const b = await whoIs(ctxB);
    const conversation = await friendsWithConversation(ctxA, ctxB, b);
    const send = (text: string) => sendDm(ctxB, conversation, text);

    await ctxA.addInitScript(STAND_INS);
    const page = await ctxA.newPage();

    // A new account has both on, but the browser hasn't been asked yet: a chime, no notification.
    let subscribed = socialEventsSubscribed(page);
    await page.goto('/gallery');
    await page.getByRole('heading', { name: 'My Video Gallery' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { __hidden: boolean }).__hidden = true;
    });
    await subscribed;
    await send('Are you there?');
    await expect.poll(async () => (await recorded(page)).chimes, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await recorded(page)).shown).toEqual([]);

    // Turning "Allow Notifications" on asks the browser, which here says no: the page says so.
    subscribed = socialEventsSubscribed(page);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const allow = page.getByText('Allow Notifications');
    await allow.click();
    await allow.click();
    await page.getByText('Your browser blocks notifications from Chorus', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification Settings Saved').first().waitFor();
    await screenshot(page, { path: `${SHOTS}/settings-denied-1280-light.png` });

    // Allowed by the browser, in a background tab: B's message is a notification, with a chime.
    await page.evaluate(() => {
      const w = window as unknown as { __permission: string; __hidden: boolean };
      w.__permission = 'granted';
      w.__hidden = true;
    });
    await subscribed;
    await send('Lunch at noon? Bring the lantern photos.');
    await expect
      .poll(async () => (await recorded(page)).shown, { timeout: 10_000 })
      .toEqual([
        { title: `New message from ${b.username}`, body: 'Lunch at noon? Bring the lantern photos.' },
      ]);

    // Clicking it opens the conversation, without a reload.
    await page.evaluate(() => {
      const w = window as unknown as { __shown: { instance: { onclick: () => void } }[] };
      w.__shown[0]!.instance.onclick();
    });
    await page.waitForURL(`**/messages?c=${conversation}`);
    await page
      .getByRole('log', { name: /^Messages with/ })
      .getByText('Lunch at noon?', { exact: false })
      .waitFor();

    // In view, the page itself shows what came: no notification, still a chime.
    await page.evaluate(() => {
      (window as unknown as { __hidden: boolean }).__hidden = false;
    });
    const chimesBefore = (await recorded(page)).chimes;
    await send('See you there');
    await page
      .getByRole('log', { name: /^Messages with/ })
      .getByText('See you there')
      .waitFor();
    await expect.poll(async () => (await recorded(page)).chimes).toBeGreaterThan(chimesBefore);
    expect((await recorded(page)).shown).toHaveLength(1);

    // The bell (notifications module): B's friend acceptance is unread; the messages were read by
    // opening the conversation. A new message counts up live, and /notifications lists it.
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await page.goto('/friends');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await send('One more thing');
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe('Notifications, 2 unread');
    await bell.click();
    await page.waitForURL('**/notifications');
    const item = page.getByRole('button', { name: new RegExp(`^New message from ${b.username}\\W+unread`) });
    await item.waitFor();
    await page
      .getByRole('button', { name: new RegExp(`^${b.username} accepted your friend request\\W+unread`) })
      .waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, { path: `${SHOTS}/notifications-1280-light.png` });
    // Opening one reads it and goes where it leads.
    await item.click();
    await page.waitForURL(`**/messages?c=${conversation}`);
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await page.goto('/notifications');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    await Promise.all([ctxA.close(), ctxB.close()]);
  });
});
