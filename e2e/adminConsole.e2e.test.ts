import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { registerByApi, saveColorMode, signUpFree } from './support/accounts.ts';
import { axeProblems } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  modeContext,
  screenshot,
  shotsFolder,
  uniqueName,
  useJourney,
  viewports,
} from './support/browser.ts';
import { useJourneyDatabase } from './support/database.ts';

/**
 * The admin console (/admin, web/src/features/admin): an admin lowers the Free plan's prompt
 * allowance in Plans and a free user's very next send obeys it (plan_limits is read on every check);
 * anyone else opening /admin sees the 404. Screenshots of Users, Plans and the Audit log in the
 * four looks.
 */

const journey = useJourney('adminConsole');
const shots = shotsFolder('adminConsole');

const db = useJourneyDatabase();
afterAll(async () => {
  // Whatever happened, the Free plan keeps the spec's allowance for the journeys after this one.
  await db().query(
    `update plan_limits set monthly_limit = 10 where plan_type = 'free' and feature = 'prompts'`,
  );
});

/** A context signed in as a new admin (made one in the database, as `npm run admin` would). */
async function adminContext(
  mode: (typeof looks)[number],
): Promise<{ context: BrowserContext; username: string }> {
  const context = await modeContext(journey.browser(), mode);
  const username = uniqueName('admin');
  const id = await registerByApi(context.request, username);
  await saveColorMode(context.request, mode.colorScheme === 'dark');
  await db().query(`update users set role = 'admin', email_verified_at = now() where id = $1`, [id]);
  return { context, username };
}

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const yourMessages = (page: Page) => page.getByRole('article', { name: 'Your message' });
const answers = (page: Page) => page.locator('[role="log"] article[data-status]');

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

const notFoundHeading = (page: Page) => page.getByRole('heading', { name: 'Page Not Found' });

describe('Admin console', () => {
  it("an admin lowers the Free plan's prompts in the console and a free user's next send obeys it", async (test) => {
    const { page: userPage } = await journey.newPage(test, viewports.desktop);
    const freebie = await signUpFree(userPage, uniqueName('freebie'), 'freebie-pass-123');
    await send(userPage, 'First question');
    await expect.poll(() => answers(userPage).count(), { timeout: 15_000 }).toBe(1);

    const { context } = await adminContext(looks[2]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      // The account menu offers the console to an admin.
      await page.goto('/profile');
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Console' }).click();
      await page.waitForURL(/\/admin\/users$/);
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

      await page.getByRole('link', { name: 'Plans' }).click();
      const freePrompts = page.getByRole('textbox', { name: 'Free: Prompts per month' });
      await freePrompts.waitFor();
      expect(await freePrompts.inputValue()).toBe('10');
      await freePrompts.fill('1');
      await page.getByRole('button', { name: 'Save allowances' }).click();
      await page.getByText('Allowance saved').waitFor();
      await expect.poll(() => page.getByText('No changes').count()).toBe(1);

      // No restart: the user's next send is refused with the spec's message for the new allowance.
      await send(userPage, 'Second question');
      const failed = yourMessages(userPage).last();
      await failed.getByTestId('not-sent').waitFor({ timeout: 15_000 });
      expect(await failed.getByTestId('not-sent').textContent()).toBe(
        "Not sent: You've used all 1 prompts of your plan this month. Upgrade to Premium for unlimited prompts.",
      );

      // The change is in the audit log, with who made it.
      await page.getByRole('link', { name: 'Audit log' }).click();
      await page.getByLabel('Action').fill('plan.limit.set');
      await page.getByRole('table', { name: 'Audit log' }).getByText('free/prompts').first().waitFor();

      // The spec's 10 again, by the console (Enter saves).
      await page.getByRole('link', { name: 'Plans' }).click();
      await freePrompts.fill('10');
      await freePrompts.press('Enter');
      await page.getByText('Allowance saved').first().waitFor();

      // The user found by search; banned with a reason after a confirmation, then unbanned.
      await page.getByRole('link', { name: 'Users' }).click();
      await page.getByLabel('Search').fill(freebie.slice(0, 10));
      await page.getByRole('link', { name: freebie }).click();
      await page.getByRole('heading', { name: freebie, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Ban', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: `Ban ${freebie}?` });
      await confirm.getByLabel('Reason').fill('Spam in shared chats');
      await confirm.getByRole('button', { name: 'Ban', exact: true }).click();
      await page.getByText('Reason: Spam in shared chats').waitFor();
      await page.getByRole('button', { name: 'Unban', exact: true }).click();
      await page
        .getByRole('dialog', { name: `Lift the ban on ${freebie}?` })
        .getByRole('button', { name: 'Unban', exact: true })
        .click();
      await page.getByRole('button', { name: 'Ban', exact: true }).waitFor();
      await page.getByRole('link', { name: 'What staff did to this account' }).click();
      await page.getByRole('table', { name: 'Audit log' }).getByText('user.unban').waitFor();
      expect(
        await page.getByRole('table', { name: 'Audit log' }).getByText('user.ban', { exact: true }).count(),
      ).toBe(1);
      expect(errors).toEqual([]);
    } catch (error) {
      // The journey's own failure screenshot is of the user's page; this one is the admin's.
      const file = path.join(os.tmpdir(), `adminConsole-admin-failure-${Date.now()}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.error(`the admin's page when it failed: ${file}`);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('answers /admin with the 404 to a plain user and to the signed out', async (test) => {
    const { page, context } = await journey.newPage(test, viewports.mobile);
    // The server answers the direct load with the 404 too (moderation/http/staffPages.ts).
    expect((await page.goto('/admin'))?.status()).toBe(404);
    await notFoundHeading(page).waitFor();
    expect(page.url()).toMatch(/\/admin$/);

    await registerByApi(context.request, uniqueName('plain'));
    expect((await page.goto('/admin/plans'))?.status()).toBe(404);
    await notFoundHeading(page).waitFor();
    expect(await page.getByRole('link', { name: 'Plans' }).count()).toBe(0);
    // And no Console in their menu.
    await page.goto('/profile');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Console' }).count()).toBe(0);
  });

  it.each(looks)('Users, a user, Plans and the Audit log read well at $name', async (mode) => {
    const { context, username } = await adminContext(mode);
    const page = await context.newPage();
    try {
      // A direct load answers an admin the app shell (moderation/http/staffPages.ts).
      // (Polled: the role was written to the database, and the api's cached copy of the user is
      // dropped by the users table's NOTIFY, accounts/core/currentUser.ts.)
      let direct: Awaited<ReturnType<Page['goto']>> = null;
      await expect
        .poll(async () => {
          direct = await page.goto('/admin/users');
          return direct?.status();
        })
        .toBe(200);
      expect(await direct!.text()).toContain('<title>Console | Chorus</title>');
      await page.getByRole('link', { name: username }).first().waitFor();
      await expectNoSideScroll(page);
      expect(await axeProblems(page)).toEqual([]);
      await screenshot(page, { path: path.join(shots, `users-${mode.name}.png`), fullPage: true });

      await page.getByRole('link', { name: username }).first().click();
      await page.getByRole('heading', { name: username, level: 1 }).waitFor();
      await expectNoSideScroll(page);
      expect(await axeProblems(page)).toEqual([]);
      await screenshot(page, { path: path.join(shots, `user-${mode.name}.png`), fullPage: true });

      await page.goto('/admin/plans');
      await page.getByRole('table', { name: 'Monthly allowances' }).waitFor();
      await expectNoSideScroll(page);
      expect(await axeProblems(page)).toEqual([]);
      await screenshot(page, { path: path.join(shots, `plans-${mode.name}.png`), fullPage: true });

      await page.goto('/admin/audit');
      await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Audit log' }).or(page.getByText('No entries')).first().waitFor();
      await expectNoSideScroll(page);
      expect(await axeProblems(page)).toEqual([]);
      await screenshot(page, { path: path.join(shots, `audit-${mode.name}.png`), fullPage: true });

      if (mode.name === '1280-light' || mode.name === '375-dark')
        for (const section of ['jobs', 'providers', 'numbers'])
          await page.goto(`/admin/${section}`).then(async () => {
            await page.getByRole('heading', { level: 1 }).waitFor();
            await page.waitForLoadState('networkidle');
            await expectNoSideScroll(page);
            await screenshot(page, { path: path.join(shots, `${section}-${mode.name}.png`), fullPage: true });
          });
    } finally {
      await context.close();
    }
  });
});
