import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpWebhookSender } from './httpSender.ts';

/**
 * The sender connects only where its lookup allowed: a name that resolves to this machine (as a
 * rebinding DNS would answer at delivery time) is refused before any byte is sent; no redirect is
 * followed; a slow receiver times out.
 */
describe('httpWebhookSender', () => {
  let hits = 0;
  let port = 0;
  const server = createServer((req, res) => {
    hits++;
    if (req.url === '/redirect') return res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end();
    if (req.url === '/slow') return setTimeout(() => res.writeHead(200).end(), 1500);
    res.writeHead(204).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a name that resolves to a private address when private targets are not allowed', async () => {
    const before = hits;
    const refused = await httpWebhookSender({ allowPrivateTargets: false, timeoutMs: 2000 })(
      `http://localhost:${port}/`,
      {},
      '{}',
    );
    expect(refused.statusCode).toBeNull();
    expect(refused.error).toMatch(/refused: localhost resolves to/);
    expect(hits).toBe(before);
  });

  it('posts where allowed, answers a redirect as its status, and times out', async () => {
    const send = httpWebhookSender({ allowPrivateTargets: true, timeoutMs: 500 });
    expect((await send(`http://localhost:${port}/`, {}, '{}')).statusCode).toBe(204);
    expect((await send(`http://127.0.0.1:${port}/redirect`, {}, '{}')).statusCode).toBe(302);
    const slow = await send(`http://127.0.0.1:${port}/slow`, {}, '{}');
    expect(slow.statusCode).toBeNull();
    expect(slow.error).toMatch(/timed out/);
  });
});
