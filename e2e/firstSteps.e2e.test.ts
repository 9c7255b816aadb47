import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, registerThroughForm } from './support/accounts.ts';
import { newPage, screens, uniqueName, useBrowser, viewports } from './support/browser.ts';

/**
 * What a first-time user trips over (issue "Step 8"), walked in Chromium at 375 and 1280 px: toasts
 * that covered controls, pricing hidden from visitors, sign-up errors one at a time, the account
 * navigation on phones, Back after logout, sent friend requests, the messages search, and refusals
 * logged as errors.
 */
let browser: Browser;
useBrowser((b) => {
  browser = b;
});

const toastRoot = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]');
const toastTitled = (page: Page, title: string) =>
  page.locator('[data-scope="toast"][data-part="title"]').filter({ hasText: new RegExp(`^${title}$`) });

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The visible controls inside `scope` the toast's box covers, by name. A dialog's corner × is left
 * out: on a phone a tall dialog reaches the top toast's strip, and the × repeats its footer's Close.
 */
async function coveredControls(page: Page, scope: Locator): Promise<string[]> {
  const toast = await toastRoot(page).first().boundingBox();
  expect(toast, 'a toast is on screen').not.toBeNull();
  const covered: string[] = [];
  for (const control of await scope
    .locator('button:not([data-part="close-trigger"]), a[href], input, textarea')
    .all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    if (box && toast && overlap(box, toast)) {
      covered.push(
        (await control.getAttribute('aria-label')) ?? (await control.textContent())?.trim() ?? '?',
      );
    }
  }
  return covered;
}

const registerFree = (page: Page, username = uniqueName('first')) =>
  registerThroughForm(page, { username, password: 'secret123' });

/** Signs a context up through the REST call (for journeys that start signed in). */
async function signUpByApi(context: BrowserContext, username = uniqueName('first')) {
  return { username, id: await registerByApi(context.request, username) };
}

async function graphql(context: BrowserContext, query: string, variables: Record<string, unknown> = {}) {
  const res = await context.request.post('/graphql', { data: { query, variables } });
  const body = await res.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** Runs a journey in a new page at `viewport`, closing its context whatever happens. */
async function inNewPage(
  viewport: { width: number; height: number },
  journey: (opened: { context: BrowserContext; page: Page }) => Promise<void>,
): Promise<void> {
  const opened = await newPage(browser, viewport);
  try {
    await journey(opened);
  } finally {
    await opened.context.close();
  }
}

describe.each(screens)('first steps on %s', (_name, viewport) => {
  it('toasts cover no control: Send after registration, the video dialog after saving', () =>
    inNewPage(viewport, async ({ page }) => {
      await registerFree(page);
      await toastTitled(page, 'Registration successful').waitFor();
      await page.waitForURL('**/chat', { timeout: 10_000 });
      await page.getByRole('button', { name: 'Send message' }).waitFor();
      await toastTitled(page, 'Registration successful').waitFor();
      expect(await coveredControls(page, page.locator('form, footer, [role="group"]'))).toEqual([]);
      expect(
        overlap(
          (await toastRoot(page).first().boundingBox())!,
          (await page.getByRole('button', { name: 'Send message' }).boundingBox())!,
        ),
      ).toBe(false);

      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('@video a paper boat on a puddle, 4 seconds');
      await box.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Generate video' }).click();
      await toastTitled(page, 'Video Saved!').waitFor({ timeout: 60_000 });
      await dialog.getByRole('button', { name: 'Close' }).first().waitFor();
      expect(await coveredControls(page, dialog)).toEqual([]);
      // Still one toast at a time.
      expect(await toastRoot(page).count()).toBe(1);
    }));

  it('visitors see the plans: Plans in the top bar and View Pricing lead to /pricing, Start to sign-up', () =>
    inNewPage(viewport, async ({ page }) => {
      await page.goto('/features');
      await page.getByRole('link', { name: 'View Pricing' }).first().click();
      await page.waitForURL('**/pricing');
      await page.getByRole('heading', { level: 1, name: 'Plans and pricing' }).waitFor();
      for (const plan of ['Free', 'Premium', 'Max']) {
        await page.getByRole('group', { name: `${plan} plan` }).waitFor();
      }
      await page.goto('/');
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Plans', exact: true }).click();
      await page.waitForURL('**/pricing');
      expect(page.url()).not.toContain('/login');
      await page.getByRole('button', { name: /Yearly/ }).click();
      await page.getByRole('group', { name: 'Premium yearly plan' }).waitFor();
      await page.getByRole('button', { name: 'Start Max' }).click();
      await page.waitForURL('**/register?plan=max');
      expect(await page.getByRole('radio', { name: /Max/ }).isChecked()).toBe(true);
    }));

  it('sign-up shows every problem under its field, and the toast', () =>
    inNewPage(viewport, async ({ page }) => {
      await page.goto('/register');
      await page.getByLabel('Username').fill('jo');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Password', { exact: true }).fill('123');
      await page.getByLabel('Confirm Password').fill('456');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await toastTitled(page, 'Check your details').waitFor();
      const expected: [string, RegExp][] = [
        ['Username', /at least 3 characters/],
        ['Email', /valid email/i],
        ['Password', /at least 6 characters/],
        ['Confirm Password', /don.t match/i],
      ];
      for (const [label, message] of expected) {
        const field = page.getByLabel(label, { exact: true });
        expect(await field.getAttribute('aria-invalid'), label).toBe('true');
        const described = (await field.getAttribute('aria-describedby')) ?? '';
        const texts = await Promise.all(
          described.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
        );
        expect(texts.join(' '), label).toMatch(message);
      }
      // Correcting a field clears its message.
      await page.getByLabel('Username').fill('jo_smith');
      expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBeNull();
    }));

  it('account navigation: current item in view, Gallery listed, Invitations in the user menu, tab icons whole', () =>
    inNewPage(viewport, async ({ context, page }) => {
      await signUpByApi(context);
      await page.goto('/settings');
      const nav = page.getByRole('navigation', { name: 'Account' });
      const current = nav.getByRole('link', { name: 'Settings' });
      await current.waitFor();
      // The current item is inside the strip's visible part.
      await expect
        .poll(async () => {
          const strip = (await nav.boundingBox())!;
          const item = (await current.boundingBox())!;
          return item.x >= strip.x - 1 && item.x + item.width <= strip.x + strip.width + 1;
        })
        .toBe(true);
      await nav.getByRole('link', { name: 'My Gallery' }).waitFor({ state: 'attached' });
      expect(await nav.getByRole('link', { name: 'My Gallery' }).getAttribute('href')).toBe('/gallery');
      // The Privacy tab's icon keeps its size.
      const icon = page.getByRole('tab', { name: 'Privacy' }).locator('svg');
      const { width, height } = (await icon.boundingBox())!;
      expect(width).toBeGreaterThanOrEqual(12);
      expect(Math.abs(width - height)).toBeLessThan(1);

      await page.goto('/chat');
      await page.getByRole('button', { name: 'Send message' }).waitFor();
      // On phones the chat's sidebar (with the user menu) opens from the header.
      if (viewport.width < 768) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.getByRole('button', { name: 'User menu' }).first().click();
      await page.getByRole('menuitem', { name: 'Invite Friends' }).click();
      await page.waitForURL('**/invitations');
    }));
});

describe('after logout', () => {
  it('Back on a protected route goes to /login, and a page restored from the back/forward cache reloads', async () => {
    const { context, page } = await newPage(browser, viewports.desktop);
    try {
      await signUpByApi(context);
      // A second tab of the same browser, left on the chat.
      const other = await context.newPage();
      await other.goto('/chat');
      await other.getByRole('button', { name: 'Send message' }).waitFor();

      await page.goto('/chat');
      await page.getByRole('button', { name: 'Send message' }).waitFor();
      await page.getByRole('button', { name: 'User menu' }).first().click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      // The URL turns to /login twice: first as the signed-out chat redirects (RequireAuth, in place of
      // /chat's history entry), then as the menu's own navigation adds /login after it. Back pressed
      // between the two leaves the site; the toast is shown just before the menu navigates.
      await page.getByText('See you next time!').waitFor();
      await page.waitForURL('**/login');
      await page.goBack();
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      expect(await page.getByText('Could not load your chats').count()).toBe(0);

      // The other tab comes back as the browser restores a cached page (pageshow, persisted): it
      // must not keep showing the signed-out user's chats.
      await other.evaluate(() =>
        window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })),
      );
      await other.waitForURL('**/login', { timeout: 10_000 });

      // Someone else signs in on this page: the app shows them, not the previous user.
      const next = uniqueName('next');
      const elsewhere = await browser.newContext({ baseURL: new URL(page.url()).origin });
      await signUpByApi(elsewhere, next);
      await elsewhere.close();
      await page.getByLabel('Username').fill(next);
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL('**/chat');
      await page
        .getByRole('button', { name: new RegExp(`^${next}`) })
        .first()
        .waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('friends and messages', () => {
  it('the sender sees a Sent request, and a search with no match keeps the open conversation', async () => {
    const a = await newPage(browser, viewports.desktop);
    const b = await newPage(browser, viewports.desktop);
    const c = await newPage(browser, viewports.desktop);
    try {
      await signUpByApi(a.context);
      const bUser = await signUpByApi(b.context);
      const cUser = await signUpByApi(c.context);
      const send = 'mutation($username: String!) { sendFriendRequest(username: $username) { accepted } }';
      await graphql(a.context, send, { username: bUser.username });
      await graphql(a.context, send, { username: cUser.username });
      // C accepts; B has not answered yet.
      const { friendships } = await graphql(c.context, '{ friendships { id direction status } }');
      await graphql(c.context, 'mutation($id: ID!) { acceptFriendRequest(id: $id) { id } }', {
        id: friendships.find((f: { direction: string }) => f.direction === 'incoming').id,
      });

      // A opens the conversation with C, then searches for something that matches nothing.
      await a.page.goto('/friends');
      await a.page.getByRole('button', { name: 'Message' }).click();
      await a.page.waitForURL(/\/messages\?c=/);
      const composer = a.page.getByLabel('Message', { exact: true });
      await composer.fill('Hello C');
      await composer.press('Enter');
      await a.page.getByText('Hello C').first().waitFor();
      await a.page.getByLabel('Search conversations').fill('zzz-no-such-person');
      await a.page.getByText('No matching conversations').waitFor();
      await a.page.waitForTimeout(500);
      expect(await composer.isVisible()).toBe(true);
      expect(await a.page.getByText('Hello C').first().isVisible()).toBe(true);

      await a.page.goto('/friends');
      await a.page.getByRole('tab', { name: /Sent/ }).click();
      await a.page.getByText(`@${bUser.username}`).waitFor();
      await a.page.getByRole('button', { name: /Cancel the request to/ }).waitFor();
    } finally {
      await a.context.close();
      await b.context.close();
      await c.context.close();
    }
  });
});

describe('refusals', () => {
  it('a Premium-only @image on Free is logged as info, not as an error with a stack', async () => {
    const { context, page } = await newPage(browser, viewports.desktop);
    const messages: ConsoleMessage[] = [];
    page.on('console', (m) => messages.push(m));
    try {
      await signUpByApi(context);
      await page.goto('/chat');
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('@image a red kite');
      await box.press('Enter');
      await page
        .getByText(/Image generation is part of Premium/)
        .first()
        .waitFor();
      await expect
        .poll(() => messages.filter((m) => m.type() === 'info').map((m) => m.text()))
        .toContainEqual(expect.stringMatching(/Image generation is part of Premium.*PAYMENT_REQUIRED/));
      const errors = messages.filter((m) => m.type() === 'error').map((m) => m.text());
      expect(errors.filter((t) => /Premium|PAYMENT_REQUIRED|Could not send/.test(t))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
