import { symbols } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import { signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';
import { logger } from '../src/platform/logger.ts';

/** The server's log lines, read from the logger's own destination while the tests run. */
const lines: Record<string, unknown>[] = [];
const destination = (logger as unknown as Record<symbol, { write(line: string): boolean }>)[
  symbols.streamSym
]!;
const write = destination.write;
let app: RunningApp;

beforeAll(async () => {
  logger.level = 'info';
  destination.write = (line: string) => {
    lines.push(JSON.parse(line));
    return true;
  };
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
  destination.write = write;
  logger.level = 'silent';
});

describe('request log', () => {
  it('a Premium-only @image on Free is one info line with its status, no error and no stack', async () => {
    const { client } = await signedUpClient(app.url);
    const chat = await client.post('/api/chats', { title: 'Kites' });
    const url = `/api/chats/${chat.body.id}/messages`;
    const refused = await client.post(url, { content: '@image a red kite' });
    expect(refused.status).toBe(402);
    const line = lines.find((l) => (l.req as { url?: string } | undefined)?.url === url);
    expect(line).toMatchObject({ level: 30, res: { statusCode: 402 }, msg: 'request completed' });
    expect(JSON.stringify(line)).not.toMatch(/stack|"err"/);
    // Bad input stays a warning.
    const bad = await client.post('/api/chats/not-a-chat/messages', {});
    expect(bad.status).toBeGreaterThanOrEqual(400);
    const badLine = lines.find(
      (l) => (l.req as { url?: string } | undefined)?.url === '/api/chats/not-a-chat/messages',
    );
    expect(badLine).toMatchObject({ level: 40 });
    expect(lines.some((l) => (l.level as number) >= 50)).toBe(false);
  });
});
