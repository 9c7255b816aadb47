import pg from 'pg';
import type { APIRequestContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/**
 * Marks an account's e-mail address verified in the journeys' database, as opening the emailed link
 * would (the link itself has its own journey in accountSecurity.e2e.test.ts). Invitations and
 * checkout wait for a verified address.
 */
export async function markEmailVerified(username: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      'update users set email_verified_at = now() where lower(username) = lower($1)',
      [username],
    );
    if (rowCount !== 1) throw new Error(`no account named ${username}`);
  } finally {
    await client.end();
  }
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
