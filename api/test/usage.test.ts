import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, insertChat, signedUpClient } from '../../tests/support/users.ts';
import { recordFinishedVideo } from '../../tests/support/videos.ts';

/**
 * A person's usage a month (api/src/modules/usage): prompts as the plan counts them, answer tokens
 * per assistant, finished videos, stored files, the cost estimate, one entry per day, and the CSV.
 */

const USAGE = `query($month: String) { usage(month: $month) {
  month prompts { used limit } tokens { total byAssistant { assistant name tokens answers } }
  videos { count seconds } storage { bytes files } cost { currency estimate configured }
  days { date prompts tokens videoSeconds } } }`;

const now = new Date();
const thisMonth = now.toISOString().slice(0, 7);
const today = now.toISOString().slice(0, 10);
const firstDay = `${thisMonth}-01`;
const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

async function insertMessage(
  chatId: string,
  role: 'user' | 'assistant',
  at: string,
  model: string | null,
  tokens: number | null,
) {
  await db().query(
    `insert into messages (id, chat_id, role, model, content, tokens, created_at, updated_at)
     values ($1, $2, $3, $4, 'x', $5, $6, $6)`,
    [randomUUID(), chatId, role, model, tokens, at],
  );
}

/** A person with known rows: this month 2 prompts, GPT 1,500 tokens (2 answers), Claude 500; an 8 s video; files. */
async function personWithUsage(url: string) {
  const person = await signedUpClient(url);
  const chatId = await insertChat(person.userId, 'usage');
  await insertMessage(chatId, 'user', `${firstDay}T09:00:00Z`, null, null);
  await insertMessage(chatId, 'assistant', `${firstDay}T09:00:01Z`, 'gpt', 1000);
  await insertMessage(chatId, 'assistant', `${firstDay}T09:00:02Z`, 'claude', 500);
  await insertMessage(chatId, 'user', `${today}T00:30:00Z`, null, null);
  await insertMessage(chatId, 'assistant', `${today}T00:30:01Z`, 'gpt', 500);
  // Last month: not this month's.
  await insertMessage(chatId, 'user', `${prev}-15T12:00:00Z`, null, null);
  await insertMessage(chatId, 'assistant', `${prev}-15T12:00:01Z`, 'gpt', 7000);
  await db().query(
    `insert into usage_counters (user_id, feature, period_start, used) values ($1, 'prompts', $2, 2), ($1, 'prompts', $3, 1)`,
    [person.userId, firstDay, `${prev}-01`],
  );
  const id = randomUUID();
  await recordFinishedVideo({
    id,
    userId: person.userId,
    prompt: 'waves',
    duration: '8',
    provider: 'preview',
    videoKey: `videos/${person.userId}/${id}.mp4`,
    thumbnailKey: `videos/${person.userId}/${id}.jpg`,
  });
  // A failed one counts for nothing.
  await db().query(
    `insert into video_jobs (id, user_id, prompt, duration, status) values (gen_random_uuid(), $1, 'no', '4', 'failed')`,
    [person.userId],
  );
  await db().query(
    `insert into files (id, user_id, name, content_type, size, storage_key, purpose)
     values (gen_random_uuid(), $1, 'a.txt', 'text/plain', 1000, $2, 'upload')`,
    [person.userId, `uploads/${person.userId}/${randomUUID()}`],
  );
  return person;
}

describe('usage with prices', () => {
  const app = useTestApp({
    USAGE_PRICE_PER_1K_TOKENS: '{"gpt":0.002,"claude":0.01}',
    USAGE_PRICE_PER_VIDEO_SECOND: '0.05',
    USAGE_PRICE_CURRENCY: 'EUR',
  });

  it('counts this month of the person: prompts of the plan, tokens per assistant, videos, storage, cost, days', async () => {
    const person = await personWithUsage(app.url);
    const res = await person.client.get('/api/usage');
    expect(res.status).toBe(200);
    const u = res.body;
    expect(u.month).toBe(thisMonth);
    const allowance = await person.client.gql('{ allowance(feature: "prompts") { limit used } }');
    expect(u.prompts).toEqual({ used: 2, limit: allowance.data.allowance.limit });
    expect(allowance.data.allowance.used).toBe(2);
    expect(u.tokens).toEqual({
      total: 2000,
      byAssistant: [
        { assistant: 'gpt', name: 'GPT', tokens: 1500, answers: 2 },
        { assistant: 'claude', name: 'Claude', tokens: 500, answers: 1 },
      ],
    });
    expect(u.videos).toEqual({ count: 1, seconds: 8 });
    expect(u.storage).toEqual({ bytes: 2048 + 2048 + 1000, files: 3 });
    // 1.5k × 0.002 + 0.5k × 0.01 + 8 s × 0.05
    expect(u.cost).toEqual({ currency: 'EUR', estimate: 0.408, configured: true });
    expect(u.days).toHaveLength(now.getUTCDate());
    expect(u.days[0].date).toBe(firstDay);
    expect(u.days.at(-1).date).toBe(today);
    const sum = (k: string) => u.days.reduce((s: number, d: Record<string, number>) => s + d[k]!, 0);
    expect([sum('prompts'), sum('tokens'), sum('videoSeconds')]).toEqual([2, 2000, 8]);
    const todayRow = u.days.at(-1);
    expect(todayRow.videoSeconds).toBe(8);
    if (today !== firstDay) {
      expect(u.days[0]).toEqual({ date: firstDay, prompts: 1, tokens: 1500, videoSeconds: 0 });
      expect(todayRow).toEqual({ date: today, prompts: 1, tokens: 500, videoSeconds: 8 });
    }

    // The same through GraphQL.
    const gql = await person.client.gql(USAGE);
    expect(gql.errors).toBeUndefined();
    expect(gql.data.usage).toEqual(u);

    // Last month: every day of it, its own numbers.
    const before = await person.client.get(`/api/usage?month=${prev}`);
    expect(before.status).toBe(200);
    expect(before.body.prompts.used).toBe(1);
    expect(before.body.tokens.byAssistant).toEqual([
      { assistant: 'gpt', name: 'GPT', tokens: 7000, answers: 1 },
    ]);
    expect(before.body.videos).toEqual({ count: 0, seconds: 0 });
    const [y, m] = prev.split('-').map(Number);
    expect(before.body.days).toHaveLength(new Date(Date.UTC(y!, m!, 0)).getUTCDate());
    expect(before.body.days.find((d: { date: string }) => d.date === `${prev}-15`)).toEqual({
      date: `${prev}-15`,
      prompts: 1,
      tokens: 7000,
      videoSeconds: 0,
    });
  });

  it('downloads the days as CSV', async () => {
    const person = await personWithUsage(app.url);
    for (const path of ['/api/usage.csv', `/api/usage?month=${thisMonth}&format=csv`]) {
      const res = await person.client.get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="chorus-usage-${thisMonth}.csv"`,
      );
      const lines = res.text.split('\r\n');
      expect(lines[0]).toBe('date,prompts,tokens,video_seconds');
      expect(lines).toHaveLength(now.getUTCDate() + 2);
      expect(lines.at(-1)).toBe('');
      expect(lines.at(-2)).toMatch(new RegExp(`^${today},\\d+,\\d+,8$`));
    }
    const old = await person.client.get(`/api/usage.csv?month=${prev}`);
    expect(old.text).toContain(`${prev}-15,1,7000,0\r\n`);
    const bad = await person.client.get('/api/usage?format=xml');
    expect(bad.status).toBe(400);
  });

  it("keeps each person's usage their own; a new person has none", async () => {
    await personWithUsage(app.url);
    const other = await signedUpClient(app.url);
    const res = await other.client.get('/api/usage');
    expect(res.status).toBe(200);
    expect(res.body.prompts.used).toBe(0);
    expect(res.body.tokens).toEqual({ total: 0, byAssistant: [] });
    expect(res.body.videos).toEqual({ count: 0, seconds: 0 });
    expect(res.body.storage).toEqual({ bytes: 0, files: 0 });
    expect(res.body.cost).toEqual({ currency: 'EUR', estimate: 0, configured: true });
    expect(
      res.body.days.every((d: Record<string, number>) => !d.prompts && !d.tokens && !d.videoSeconds),
    ).toBe(true);
  });

  it('counts a prompt sent through the chat', async () => {
    const person = await signedUpClient(app.url);
    const chat = (await person.client.post('/api/chats', {})).body;
    const sent = await person.client.post(`/api/chats/${chat.id}/messages`, { content: 'Hello there' });
    expect(sent.status).toBeLessThan(300);
    const res = await person.client.get('/api/usage');
    expect(res.body.prompts.used).toBe(1);
    expect(res.body.days.at(-1).prompts).toBe(1);
  });

  it('refuses a bad month (400) and a visitor (401)', async () => {
    const person = await signedUpClient(app.url);
    const future = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
      .toISOString()
      .slice(0, 7);
    for (const [month, message] of [
      ['2026-13', /YYYY-MM/],
      ['nov', /YYYY-MM/],
      ['2019-12', /2020-01 or later/],
      [future, /future/],
    ] as const) {
      const res = await person.client.get(`/api/usage?month=${encodeURIComponent(month)}`);
      expect(res.status, month).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(message) });
      const gql = await person.client.gql(USAGE, { month });
      expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const repeated = await person.client.get('/api/usage?month=2026-01&month=2026-02');
    expect(repeated.status).toBe(400);

    const visitor = new HttpClient(app.url);
    expect((await visitor.get('/api/usage')).status).toBe(401);
    expect((await visitor.get('/api/usage.csv')).status).toBe(401);
    const gql = await visitor.gql(USAGE);
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('usage without prices', () => {
  const app = useTestApp();

  it('says the cost is not configured instead of estimating it', async () => {
    const person = await personWithUsage(app.url);
    const res = await person.client.get('/api/usage');
    expect(res.body.cost).toEqual({ currency: 'USD', estimate: null, configured: false });
    expect(res.body.tokens.total).toBe(2000);
  });
});
