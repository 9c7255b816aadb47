import pg from 'pg';
import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { type Mode, modeContext, uniqueName, useBrowser, waitForHydration } from './browser.ts';

/** Runs one statement on the journeys' database (or `databaseUrl`, a journey's own); the rows it touched. */
async function changeRows(
  sql: string,
  params: unknown[],
  databaseUrl = inject('e2eDatabaseUrl'),
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Marks an account's e-mail address verified in the journeys' database, as opening the emailed link
 * would (the link itself has its own journey in accountSecurity.e2e.test.ts). Invitations and
 * checkout wait for a verified address.
 */
export async function markEmailVerified(username: string): Promise<void> {
  const changed = await changeRows(
    'update users set email_verified_at = now() where lower(username) = lower($1)',
    [username],
  );
  if (changed !== 1) throw new Error(`no account named ${username}`);
}

/**
 * Puts an account on a paid plan for a month, in a journey's own database (`databaseUrl`), as a
 * checkout would (billing has its own journeys).
 */
export async function makePremium(databaseUrl: string, username: string): Promise<void> {
  const changed = await changeRows(
    `insert into subscriptions (id, user_id, plan_type, status, current_period_end)
     select gen_random_uuid(), id, 'monthly', 'active', now() + interval '30 days' from users where username = $1`,
    [username],
    databaseUrl,
  );
  if (changed !== 1) throw new Error(`no account named ${username}`);
}

/** Uses up a Free account's prompts of the month, as ten prompts would. */
export async function spendFreePrompts(username: string): Promise<void> {
  const changed = await changeRows(
    `update usage_counters set used = 10
      where feature = 'prompts' and user_id = (select id from users where username = $1)`,
    [username],
  );
  expect(changed).toBe(1);
}

/** Fills the sign-up form's fields for `username` (its address at example.com) and `password`. */
export async function fillRegisterForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
}

/** Opens /register, picks the plan whose label matches `plan` and sends the form; the username. */
export async function registerThroughForm(
  page: Page,
  { username, password, plan = /^Free/ }: { username: string; password: string; plan?: RegExp },
): Promise<string> {
  await page.goto('/register');
  await waitForHydration(page);
  await page.locator('label').filter({ hasText: plan }).click();
  await fillRegisterForm(page, username, password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  return username;
}

/** A new Free account through the form, signed in on the chat page it lands on; the username. */
export async function signUpFree(page: Page, username: string, password: string): Promise<string> {
  await registerThroughForm(page, { username, password });
  await page.waitForURL(/\/chat$/, { timeout: 10_000 });
  return username;
}

/**
 * Signs a browser context up through the REST call (for journeys that start signed in): the
 * context's cookies now hold the session. `baseUrl` where the context has none. The account's id.
 */
export async function registerByApi(
  request: APIRequestContext,
  username: string,
  options: { password?: string; darkMode?: boolean; baseUrl?: string } = {},
): Promise<string> {
  const { password = 'secret123', darkMode, baseUrl = '' } = options;
  const res = await request.post(`${baseUrl}/api/auth/register`, {
    data: {
      username,
      email: `${username}@example.com`,
      password,
      ...(darkMode === undefined ? {} : { darkMode }),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as string;
}

/**
 * Saves the account's appearance. The saved one wins over the browser's at sign-in, so a journey
 * that looks at a colour mode saves it first.
 */
export async function saveColorMode(request: APIRequestContext, dark: boolean): Promise<void> {
  const saved = await request.post('/graphql', {
    data: { query: `mutation { updateSettings(input: { darkMode: ${dark} }) { darkMode } }` },
  });
  expect(saved.status()).toBe(200);
}

/**
 * A new account (named `prefix_…`) signed in on `request`, its address verified (invitations,
 * checkout and sharing wait for that) and its colour mode saved; the username.
 */
export async function signUpVerified(
  request: APIRequestContext,
  prefix: string,
  darkMode = false,
): Promise<string> {
  const username = uniqueName(prefix);
  await registerByApi(request, username);
  await markEmailVerified(username);
  await saveColorMode(request, darkMode);
  return username;
}

/** A context in `mode` signed in as a new verified account (see `signUpVerified`). */
export async function signedInContext(
  browser: Browser,
  mode: Mode,
  prefix: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const ctx = await modeContext(browser, mode, options);
  await signUpVerified(ctx.request, prefix, mode.colorScheme === 'dark');
  return ctx;
}

/**
 * A journey file's Chromium (`useBrowser`), and how its tests open a context in a mode signed in as a
 * new verified account (`signedInContext`, with `options`). Call it inside tests and hooks only.
 */
export function useSignedInContexts(
  prefix: string,
  options: BrowserContextOptions = {},
): (mode: Mode) => Promise<BrowserContext> {
  let browser: Browser | undefined;
  useBrowser((b) => {
    browser = b;
  });
  return (mode) => signedInContext(browser!, mode, prefix, options);
}

/**
 * An account written straight into the journeys' database (its password is no hash, so nobody signs
 * in as it), for pages that show someone else's data; its id.
 */
export async function insertUser(db: pg.Pool, prefix: string): Promise<string> {
  const username = uniqueName(prefix);
  const { rows } = await db.query<{ id: string }>(
    `insert into users (id, username, password, email) values (gen_random_uuid(), $1, 'x', $2) returning id`,
    [username, `${username}@example.com`],
  );
  return rows[0]!.id;
}
