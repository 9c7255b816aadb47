import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyChorusSignature } from '../api/src/modules/webhooks/core/signature.ts';
import { signedInContext } from './support/accounts.ts';
import { axeProblems } from './support/axe.ts';
import {
  expectNoSideScroll,
  looks,
  type Mode,
  screenshot,
  screenshotOnFailure,
  shotsFolder,
  useJourney,
  viewports,
} from './support/browser.ts';

/**
 * The Webhooks page (/settings/webhooks, web/src/features/webhooks): reached from Settings, a person
 * adds an endpoint pointing at a receiver on this machine (the journeys' api allows private targets,
 * e2e/globalSetup.ts), copies the secret shown once, sends a test and sees it delivered with a 200 in
 * the log; the receiver checks the signature with that secret. Then deletes it, confirmed. Screenshots
 * in the four looks.
 */

const journey = useJourney('webhooks');
const SHOTS = shotsFolder('webhooks');
const desktop: Mode = { colorScheme: 'light', viewport: viewports.desktop };

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => {
    body += c.toString();
  });
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(200).end('ok');
  });
});
let receiverUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/chorus`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function addEndpoint(page: Page, description: string): Promise<string> {
  const form = page.getByRole('form', { name: 'Add an endpoint' });
  await form.getByLabel('Endpoint URL').fill(receiverUrl);
  await form.getByLabel('Description').fill(description);
  await form.getByRole('checkbox', { name: /post\.published/ }).check({ force: true });
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  return secret;
}

describe('the Webhooks page', () => {
  it('adds an endpoint, sends a test that arrives signed and shows 200 in the log, then deletes it', async (test) => {
    const ctx = await signedInContext(journey.browser(), desktop, 'hooks');
    const page = await ctx.newPage();
    screenshotOnFailure(test, page, 'webhooks');
    await page.goto('/settings');
    await page.getByRole('link', { name: /Webhooks.*Send your events/ }).click();
    await page.waitForURL('**/settings/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Webhooks | Chorus');
    await page.getByText('No endpoints yet.').waitFor();
    expect(await axeProblems(page)).toEqual([]);

    const secret = await addEndpoint(page, 'My n8n flow');
    const card = page.getByTestId('webhook-endpoint').filter({ hasText: receiverUrl });
    await card.getByText('My n8n flow').waitFor();
    await card.getByText('post.published').waitFor();
    await page.getByRole('button', { name: "I've copied it" }).click();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);

    await card.getByRole('button', { name: 'Send test' }).click();
    const log = card.getByRole('list', { name: 'Deliveries' });
    await log.getByText('Delivered').waitFor({ timeout: 20_000 });
    await log.getByText('HTTP 200').waitFor();
    await log.getByText('ping').waitFor();
    const ping = received.find((r) => r.headers['chorus-event'] === 'ping');
    expect(ping).toBeDefined();
    expect(verifyChorusSignature(secret, ping!.headers['chorus-signature'] as string, ping!.body)).toBe(true);
    expect(await axeProblems(page)).toEqual([]);

    await card.getByRole('button', { name: `Delete ${receiverUrl}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this endpoint?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No endpoints yet.').waitFor();
    await ctx.close();
  });

  it('signed out, it asks to sign in', async () => {
    const ctx = await journey
      .browser()
      .newContext({ baseURL: inject('baseUrl'), viewport: viewports.desktop });
    const page = await ctx.newPage();
    await page.goto('/settings/webhooks');
    await page.waitForURL(/\/login/);
    await ctx.close();
  });

  it.each(looks)('reads well at $name', async (look) => {
    const ctx: BrowserContext = await signedInContext(journey.browser(), look, 'hooklook');
    const page = await ctx.newPage();
    await page.goto('/settings/webhooks');
    await page.getByText('No endpoints yet.').waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, { path: `${SHOTS}/empty-${look.name}.png`, fullPage: true });
    await addEndpoint(page, 'Zapier: post new videos to our team channel');
    const card = page.getByTestId('webhook-endpoint').first();
    await card.getByRole('button', { name: 'Send test' }).click();
    await card.getByText('HTTP 200').waitFor({ timeout: 20_000 });
    await expectNoSideScroll(page);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/webhooks-${look.name}.png`, fullPage: true });
    await page.goto('/settings');
    await page.getByRole('link', { name: /Send your events/ }).waitFor();
    await screenshot(page, { path: `${SHOTS}/settings-${look.name}.png`, fullPage: true });
    await ctx.close();
  });
});
