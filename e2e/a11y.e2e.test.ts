import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertUser, signedInContext } from './support/accounts.ts';
import { axeOn, axeProblems } from './support/axe.ts';
import {
  hasHorizontalScroll,
  launchBrowser,
  modeContext,
  newPage,
  uniqueName,
  viewports,
  waitForHydration,
} from './support/browser.ts';

/**
 * Every route of the spec's route table, signed out and signed in, light at 375 px and dark at
 * 1280 px: axe-core finds no serious or critical WCAG 2.1 A/AA violation, and no page scrolls
 * sideways. New pages are covered by adding their path to ROUTES. One browser, one page per mode.
 */

const slug = `a-lantern-floating-on-a-lake-${randomBytes(3).toString('hex')}`;

const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/register',
  '/features',
  '/pricing',
  '/ai-video-generator',
  '/community-videos',
  '/ai-chatbot-for-schoolwork',
  '/ai-content-rewriter',
  '/ai-life-coach-chatbot',
  '/ai-chatbot-for-business',
  `/videos/${slug}`,
  '/videos/no-such-video',
  '/invite/not-a-real-token',
  '/no-such-page',
];
const SIGNED_IN_ROUTES = [
  '/chat',
  '/profile',
  '/settings',
  '/settings/safety',
  '/settings/tokens',
  '/notifications',
  '/plans',
  '/files',
  '/friends',
  '/messages',
  '/invitations',
  '/gallery',
  '/leaderboard',
];

const MODES = [
  { name: 'light, 375 px', colorScheme: 'light', viewport: viewports.mobile },
  { name: 'dark, 1280 px', colorScheme: 'dark', viewport: viewports.desktop },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // One public video, so /videos/{slug} shows a real post.
  const pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
  try {
    const userId = await insertUser(pool, 'a11y');
    await pool.query(
      `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, is_public)
       values (gen_random_uuid(), $1, $2, 'A lantern floating on a lake...', 'a lantern floating on a lake',
         '{lanterns}', '4', '1280x720', '/media/none.mp4', true)`,
      [userId, slug],
    );
  } finally {
    await pool.end();
  }
});
afterAll(() => browser.close());

/**
 * Waits until React has taken over the page (a pre-rendered one is drawn before its script runs, and
 * hydration can still move focus and colours) and the route has replaced its loading spinner with
 * content.
 */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
  await waitForHydration(page);
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('[role="status"]')].some((el) =>
        /^(Loading|Checking authentication)/.test(el.textContent ?? ''),
      ),
    undefined,
    { timeout: 15_000 },
  );
  // No fixed wait for entrance transitions: axeOn starts once they have ended (support/axe.ts).
}

interface Finding {
  route: string;
  problem: string;
}

async function audit(page: Page, route: string, mode: (typeof MODES)[number], findings: Finding[]) {
  await page.goto(route);
  await settle(page);
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  expect(dark, `${route}: colour mode`).toBe(mode.colorScheme === 'dark');
  // A finding counts when a second look still has it: the page may still be changing under the
  // first (a session check enabling a button while axe reads it).
  for (const problem of await axeProblems(page)) findings.push({ route, problem });
  if (mode.viewport.width === 375 && (await hasHorizontalScroll(page))) {
    findings.push({ route, problem: 'scrolls sideways at 375 px' });
  }
}

describe.each(MODES)('accessibility and layout ($name)', (mode) => {
  it('signed out: public routes', async () => {
    const context = await modeContext(browser, mode);
    const page = await context.newPage();
    const findings: Finding[] = [];
    try {
      for (const route of PUBLIC_ROUTES) await audit(page, route, mode, findings);
    } finally {
      await context.close();
    }
    expect(findings).toEqual([]);
  });

  // Two tests rather than one loop over every route, so each stays well inside its time on a busy machine.
  it.each([
    ['the app', SIGNED_IN_ROUTES],
    // Signed-in visitors of /login and /register see the same forms; no need to check them twice.
    ['public routes', PUBLIC_ROUTES.filter((route) => route !== '/login' && route !== '/register')],
  ])('signed in: %s', async (_, routes) => {
    const context = await signedInContext(browser, mode, 'ax');
    const page = await context.newPage();
    const findings: Finding[] = [];
    try {
      for (const route of routes) await audit(page, route, mode, findings);
    } finally {
      await context.close();
    }
    expect(findings).toEqual([]);
  });
});

/** Axe's colour-contrast rule alone, inside `selector`: the states a route audit never sees. */
async function contrastProblems(page: Page, selector: string): Promise<string[]> {
  const { violations } = await axeOn(page).include(selector).withRules(['color-contrast']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
}

describe.each(MODES)('colour contrast of feedback states ($name)', (mode) => {
  it('success toasts and their links, Online on /friends, the Public badge on /gallery', async () => {
    const context = await signedInContext(browser, mode, 'ax');
    const me = await (await context.request.post('/graphql', { data: { query: '{ me { id } }' } })).json();
    const userId: string = me.data.me.id;
    // A friend who is online now, and a public video of this user's.
    const pool = new pg.Pool({ connectionString: inject('e2eDatabaseUrl'), max: 1 });
    try {
      const friend = uniqueName('online');
      const {
        rows: [row],
      } = await pool.query(
        `insert into users (id, username, password, email, last_active) values (gen_random_uuid(), $1, 'x', $2, now())
         returning id`,
        [friend, `${friend}@example.com`],
      );
      await pool.query(
        `insert into friendships (id, user_id, friend_id, status) values (gen_random_uuid(), $1, $2, 'accepted')`,
        [userId, row.id],
      );
      await pool.query(
        `insert into posts (id, user_id, slug, title, prompt, tags, duration, size, video_url, is_public)
         values (gen_random_uuid(), $1, $2, 'A public kite', 'a kite', '{}', '4', '1280x720', '/media/none.mp4', true)`,
        [userId, uniqueName('kite').replace('_', '-')],
      );
    } finally {
      await pool.end();
    }
    const page = await context.newPage();
    const findings: string[] = [];
    try {
      await page.goto('/friends');
      await page.getByText('Online', { exact: true }).first().waitFor();
      findings.push(...(await contrastProblems(page, 'main')));

      await page.goto('/gallery');
      await page.getByText('Public', { exact: true }).first().waitFor();
      findings.push(...(await contrastProblems(page, 'main')));

      // Without a mail service the invitation lands in the outbox: a success toast with a preview link.
      await page.goto('/invitations');
      await page.getByRole('tab', { name: 'Email' }).click();
      await page.getByLabel("Friend's email").fill(`${uniqueName('pal')}@example.org`);
      await page.getByRole('button', { name: 'Send Invitation' }).click();
      await page.getByRole('link', { name: 'Preview the message' }).waitFor();
      await page.waitForTimeout(500); // the toast's entrance transition
      findings.push(...(await contrastProblems(page, '[data-scope="toast"][data-part="root"]')));
    } finally {
      await context.close();
    }
    expect(findings).toEqual([]);
  });
});

describe('keyboard', () => {
  it('the first Tab reveals the skip link, and every focused control shows a focus ring', async () => {
    const { context, page } = await newPage(browser, viewports.desktop);
    try {
      await page.goto('/');
      await settle(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      // It slides in (a transition, however short, is drawn at the next frame).
      await expect
        .poll(async () => (await skip.boundingBox())?.y ?? -1, {
          message: 'skip link on screen when focused',
        })
        .toBeGreaterThanOrEqual(0);

      for (let i = 0; i < 12; i++) {
        const ring = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return { name: 'body', visible: false };
          const style = getComputedStyle(el);
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          const shadow = style.boxShadow !== 'none';
          return {
            name: `${el.tagName} ${el.textContent?.trim().slice(0, 30) ?? ''}`,
            visible: outline || shadow,
          };
        });
        expect(ring.visible, `focus ring on ${ring.name}`).toBe(true);
        await page.keyboard.press('Tab');
      }

      // The skip link lands in <main>.
      await page.goto('/features');
      await settle(page);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      expect(page.url()).toMatch(/#main$/);
    } finally {
      await context.close();
    }
  });

  it('the mobile menu opens, closes with Escape, and its links are reachable by Tab', async () => {
    const { context, page } = await newPage(browser, viewports.mobile);
    try {
      await page.goto('/');
      await settle(page);
      const toggle = page.getByRole('button', { name: 'Open menu' });
      // The pre-rendered button stays disabled until hydration (PublicTopBar.tsx); a trial click
      // waits until it is enabled, so Enter below reaches a live button.
      await toggle.click({ trial: true });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await menu.waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Features');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
