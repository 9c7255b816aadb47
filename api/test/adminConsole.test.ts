import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName, useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { useOwnDatabase } from '../../tests/support/ownDatabase.ts';
import { signedUpClient } from '../../tests/support/users.ts';
import { startWorker } from '../../worker/src/worker.ts';

/**
 * The admin console's server side (schema/admin.graphql, moderation/graphql.console.ts): every
 * operation refused to plain users, moderators and the signed out; plan limits that apply to the
 * next send without a restart; the job queue's retry and delete on a job graphile-worker gave up
 * on; an audit entry for each change. Its own database: it changes the free plan's allowance,
 * which other files' tests count on, and runs a worker that must not take their jobs.
 */

const own = useOwnDatabase();
const db = () => own.pool;

const founder = uniqueName('boss');
const app = useTestApp(() => ({ DATABASE_URL: own.url, ADMIN_USERNAMES: founder }));

// Unverified: markEmailVerified's pool is the shared test database, not this file's own.
const signUp = (prefix: string, username?: string) =>
  signedUpClient(app.url, { prefix, username, verified: false });

const USERS = `query($s: String, $role: String, $status: String, $first: Int, $after: String) {
  admin { users(search: $s, role: $role, status: $status, first: $first, after: $after) {
    users { id username email role status plan promptsUsed imagesUsed videosUsed storageBytes createdAt lastActive emailVerified }
    nextCursor } } }`;
const USER = 'query($id: ID!) { admin { user(id: $id) { id username status plan promptsUsed } } }';
const LIMITS = '{ admin { planLimits { planType feature monthlyLimit } } }';
const JOBS = `query($first: Int, $after: String) { admin { jobs { depth { task waiting running failed }
  failed(first: $first, after: $after) { jobs { id task attempts maxAttempts lastError } nextCursor } } } }`;
const PROVIDERS = '{ admin { providers { kind name requests errors avgFirstMs avgTotalMs lastError } } }';
const NUMBERS = `query($days: Int) { admin { numbers(days: $days) {
  days { day signups prompts videos revenueCents } totals { signups prompts videos revenueCents }
  recurringMonthlyCents payingUsers note } } }`;
const SET_LIMIT = `mutation($p: String!, $f: String!, $l: Int, $why: String) {
  setPlanLimit(planType: $p, feature: $f, monthlyLimit: $l, reason: $why) { planType feature monthlyLimit } }`;
const RESEND = 'mutation($id: ID!) { resendVerification(userId: $id) }';
const END_SESSIONS = 'mutation($id: ID!, $why: String) { endUserSessions(userId: $id, reason: $why) }';
const RETRY = 'mutation($id: ID!) { retryJob(id: $id) }';
const DELETE = 'mutation($id: ID!) { deleteJob(id: $id) }';
const LOG = `query($f: AuditFilter) { admin { auditLog(filter: $f) { entries { actor action targetType targetId reason details } } } }`;

const send = async (client: HttpClient, content: string) => {
  const chat = await client.post('/api/chats', { title: 'New Chat', activeModel: 'gpt' });
  expect(chat.status).toBe(201);
  return client.post(`/api/chats/${chat.body.id}/messages`, { content });
};

async function lastAudit(admin: HttpClient, action: string, targetId?: string) {
  const log = await admin.gql(LOG, { f: { action, ...(targetId ? { targetId } : {}) } });
  expect(log.errors).toBeUndefined();
  const [entry] = log.data.admin.auditLog.entries;
  return entry ? { ...entry, details: JSON.parse(entry.details) } : undefined;
}

describe('the admin console', { timeout: 60_000 }, () => {
  it('refuses every query and mutation to plain users (FORBIDDEN), moderators and the signed out (UNAUTHENTICATED)', async () => {
    const plain = await signUp('plain');
    const mod = await signUp('mod');
    await db().query(`update users set role = 'moderator' where id = $1`, [mod.userId]);
    const operations: Array<[string, Record<string, unknown>]> = [
      [USERS, {}],
      [USER, { id: plain.userId }],
      [LIMITS, {}],
      [JOBS, {}],
      [PROVIDERS, {}],
      [NUMBERS, {}],
      [SET_LIMIT, { p: 'free', f: 'prompts', l: 1000 }],
      [RESEND, { id: plain.userId }],
      [END_SESSIONS, { id: plain.userId }],
      [RETRY, { id: '1' }],
      [DELETE, { id: '1' }],
    ];
    for (const [query, variables] of operations) {
      const name = query.slice(0, 60);
      for (const who of [plain, mod]) {
        const refused = await who.client.gql(query, variables);
        expect(refused.errors?.[0], `${name} as ${who.username}`).toMatchObject({
          message: "You don't have access to this",
          extensions: { code: 'FORBIDDEN' },
        });
      }
      const anonymous = await new HttpClient(app.url).gql(query, variables);
      expect(anonymous.errors?.[0]?.extensions?.code, name).toBe('UNAUTHENTICATED');
    }
    // Nothing changed on the way.
    const [free] = (
      await db().query(
        `select monthly_limit from plan_limits where plan_type = 'free' and feature = 'prompts'`,
      )
    ).rows;
    expect(free.monthly_limit).toBe(10);
    // The moderator still reads the audit log (moderation/graphql.ts): the console's ops are the admins'.
    expect((await mod.client.gql(LOG, {})).errors).toBeUndefined();
  });

  it("changes a plan's allowance for the very next send, with no restart, and records it", async () => {
    const admin = await signUp('boss', founder);
    const user = await signUp('freebie');
    try {
      expect(
        (await admin.client.gql(SET_LIMIT, { p: 'free', f: 'prompts', l: 2, why: 'trial' })).data,
      ).toEqual({
        setPlanLimit: { planType: 'free', feature: 'prompts', monthlyLimit: 2 },
      });
      expect((await send(user.client, 'one')).status).toBe(201);
      expect((await send(user.client, 'two')).status).toBe(201);
      const over = await send(user.client, 'three');
      expect(over.status).toBe(402);
      expect(over.body.message).toBe(
        "You've used all 2 prompts of your plan this month. Upgrade to Premium for unlimited prompts.",
      );
      // Raised again: the same user's next send goes through.
      await admin.client.gql(SET_LIMIT, { p: 'free', f: 'prompts', l: 3 });
      expect((await send(user.client, 'three again')).status).toBe(201);
      // Unlimited (null).
      await admin.client.gql(SET_LIMIT, { p: 'free', f: 'prompts', l: null });
      expect((await send(user.client, 'four')).status).toBe(201);

      const limits = (await admin.client.gql(LIMITS)).data.admin.planLimits;
      expect(limits).toHaveLength(20);
      expect(limits).toContainEqual({ planType: 'free', feature: 'prompts', monthlyLimit: null });
      expect(limits).toContainEqual({ planType: 'monthly', feature: 'videos', monthlyLimit: 20 });

      expect(await lastAudit(admin.client, 'plan.limit.set')).toEqual({
        actor: founder,
        action: 'plan.limit.set',
        targetType: 'plan',
        targetId: 'free/prompts',
        reason: null,
        details: { planType: 'free', feature: 'prompts', from: 3, to: null },
      });
      const trial = await admin.client.gql(LOG, { f: { action: 'plan.limit.set' } });
      expect(trial.data.admin.auditLog.entries.at(-1)).toMatchObject({ reason: 'trial' });

      // The list shows what the user used this month.
      const found = await admin.client.gql(USERS, { s: user.username.toUpperCase() });
      expect(found.data.admin.users.users).toEqual([
        expect.objectContaining({
          id: user.userId,
          username: user.username,
          role: 'user',
          status: 'active',
          plan: 'free',
          promptsUsed: 4,
          imagesUsed: 0,
          videosUsed: 0,
          storageBytes: 0,
        }),
      ]);
    } finally {
      await db().query(
        `update plan_limits set monthly_limit = 10 where plan_type = 'free' and feature = 'prompts'`,
      );
    }
  });

  it('refuses bad input with a message (never a 500)', async () => {
    const admin = await signUp('strict');
    await db().query(`update users set role = 'admin' where id = $1`, [admin.userId]);
    const bad = async (query: string, variables: Record<string, unknown>, message: string | RegExp) => {
      const res = await admin.client.gql(query, variables);
      expect(res.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.message).toMatch(message);
    };
    await bad(SET_LIMIT, { p: 'platinum', f: 'prompts', l: 5 }, /Plan must be one of free/);
    await bad(SET_LIMIT, { p: 'free', f: 'hugs', l: 5 }, /Feature must be one of prompts/);
    await bad(SET_LIMIT, { p: 'free', f: 'prompts', l: -1 }, /whole number from 0/);
    await bad(SET_LIMIT, { p: 'free', f: 'prompts' }, /empty for unlimited/);
    await bad(USERS, { first: 0 }, /first must be/);
    await bad(USERS, { role: 'king' }, 'Role must be user, moderator or admin');
    await bad(USERS, { status: 'asleep' }, 'Status must be active, suspended or banned');
    await bad(USERS, { after: 'garbage' }, 'Invalid page cursor');
    await bad(JOBS, { after: 'x' }, 'Invalid page cursor');
    // Digits past PostgreSQL's bigint: refused as input, not a failed query.
    await bad(JOBS, { after: '9999999999999999999' }, 'Invalid page cursor');
    await bad(RETRY, { id: '9999999999999999999' }, 'Invalid job id');
    await bad(NUMBERS, { days: 500 }, 'days must be a whole number from 1 to 90');
    await bad(RETRY, { id: 'abc' }, 'Invalid job id');
    await bad(END_SESSIONS, { id: 'nope' }, 'Invalid user id');
    await bad(END_SESSIONS, { id: admin.userId, why: 'x'.repeat(501) }, /under 500/);
    expect(
      (await admin.client.gql(END_SESSIONS, { id: '00000000-0000-0000-0000-000000000000' })).errors?.[0]
        ?.extensions?.code,
    ).toBe('NOT_FOUND');
    expect((await admin.client.gql(DELETE, { id: '999999999' })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await admin.client.gql(USER, { id: 'nope' })).data.admin.user).toBeNull();
    // Over HTTP, a GraphQL input error is a 400 (not a 500).
    const raw = await admin.client.post('/graphql', {
      query: SET_LIMIT,
      variables: { p: 'free', f: 'prompts', l: 'ten' },
    });
    expect(raw.status).toBe(400);
  });

  it('lists, searches and pages users; ends their sessions and resends verification, each recorded', async () => {
    const admin = await signUp('chief');
    await db().query(`update users set role = 'admin' where id = $1`, [admin.userId]);
    const prefix = uniqueName('pg');
    const people = [];
    for (let i = 0; i < 3; i++) people.push(await signUp('x', `${prefix}_${i}`));
    await db().query(`update users set banned_at = now() where id = $1`, [people[0]!.userId]);
    await db().query(`update users set suspended_until = now() + interval '1 day' where id = $1`, [
      people[1]!.userId,
    ]);

    const first = await admin.client.gql(USERS, { s: prefix, first: 2 });
    expect(first.errors).toBeUndefined();
    expect(first.data.admin.users.users.map((u: { username: string }) => u.username)).toEqual([
      `${prefix}_2`,
      `${prefix}_1`,
    ]);
    const second = await admin.client.gql(USERS, {
      s: prefix,
      first: 2,
      after: first.data.admin.users.nextCursor,
    });
    expect(
      second.data.admin.users.users.map((u: { username: string; status: string }) => [u.username, u.status]),
    ).toEqual([[`${prefix}_0`, 'banned']]);
    expect(second.data.admin.users.nextCursor).toBeNull();
    const suspended = await admin.client.gql(USERS, { s: `${prefix}@`, status: 'suspended' });
    expect(suspended.data.admin.users.users).toEqual([]);
    const byEmail = await admin.client.gql(USERS, { s: prefix, status: 'suspended' });
    expect(byEmail.data.admin.users.users.map((u: { username: string }) => u.username)).toEqual([
      `${prefix}_1`,
    ]);
    const admins = await admin.client.gql(USERS, { role: 'admin', first: 100 });
    expect(admins.data.admin.users.users.map((u: { username: string }) => u.username)).toContain(
      admin.username,
    );

    const target = people[2]!;
    expect((await target.client.gql('{ me { id } }')).data.me.id).toBe(target.userId);
    const ended = await admin.client.gql(END_SESSIONS, { id: target.userId, why: 'lost laptop' });
    expect(ended.errors).toBeUndefined();
    expect(ended.data.endUserSessions).toBe(1);
    expect((await target.client.gql('{ me { id } }')).data.me).toBeNull();
    expect(await lastAudit(admin.client, 'user.sessions.end', target.userId)).toMatchObject({
      actor: admin.username,
      reason: 'lost laptop',
      details: { username: target.username, ended: 1 },
    });

    // The sign-up's link went moments ago: the account's cooldown applies to staff too.
    const early = await admin.client.gql(RESEND, { id: target.userId });
    expect(early.errors?.[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
    expect(early.errors?.[0]?.message).toMatch(new RegExp(`^A link went to ${target.username} moments ago`));
    await db().query(`update account_tokens set created_at = now() - interval '1 hour' where user_id = $1`, [
      target.userId,
    ]);
    const resent = await admin.client.gql(RESEND, { id: target.userId });
    expect(resent.errors).toBeUndefined();
    expect(resent.data.resendVerification).toBe(`We have sent ${target.username} a new verification link.`);
    expect(await lastAudit(admin.client, 'user.verification.resend', target.userId)).toMatchObject({
      actor: admin.username,
      targetType: 'user',
    });
    const { rows } = await db().query(
      `select count(*)::int as n from outbox_messages where user_id = $1 and subject ilike 'Confirm your e-mail%'`,
      [target.userId],
    );
    expect(rows[0].n).toBe(2);

    expect((await admin.client.gql(USER, { id: target.userId })).data.admin.user).toMatchObject({
      username: target.username,
      status: 'active',
      plan: 'free',
    });
  });

  it('reads providers and numbers from the data', async () => {
    const admin = await signUp('numbers');
    await db().query(`update users set role = 'admin' where id = $1`, [admin.userId]);
    await db().query(
      `insert into payment_history (id, user_id, stripe_payment_id, amount, currency, status, payment_date)
       values (gen_random_uuid(), $1, $2, 12.99, 'usd', 'paid', now())`,
      [admin.userId, uniqueName('in')],
    );
    await db().query(
      `insert into subscriptions (id, user_id, plan_type, status, current_period_end)
       values (gen_random_uuid(), $1, 'yearly', 'active', now() + interval '300 days')`,
      [admin.userId],
    );
    expect((await send(admin.client, 'hello there')).status).toBe(201);
    const report = await admin.client.gql(NUMBERS, { days: 7 });
    expect(report.errors).toBeUndefined();
    const n = report.data.admin.numbers;
    expect(n.days).toHaveLength(7);
    expect(n.days[0].day).toBe(new Date().toISOString().slice(0, 10));
    expect(n.days[0].revenueCents).toBeGreaterThanOrEqual(1299);
    expect(n.days[0].signups).toBeGreaterThanOrEqual(1);
    expect(n.days[0].prompts).toBeGreaterThanOrEqual(1);
    expect(n.totals.revenueCents).toBe(
      n.days.reduce((s: number, d: { revenueCents: number }) => s + d.revenueCents, 0),
    );
    expect(n.recurringMonthlyCents).toBeGreaterThanOrEqual(Math.round(11000 / 12));
    expect(n.payingUsers).toBeGreaterThanOrEqual(1);

    await expect
      .poll(async () => (await admin.client.gql(PROVIDERS)).data.admin.providers.length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const providers = (await admin.client.gql(PROVIDERS)).data.admin.providers;
    expect(providers[0]).toMatchObject({ kind: 'assistant', requests: expect.any(Number) });
  });
});

describe('the job queue in the console', { timeout: 60_000 }, () => {
  let worker: Runner | undefined;
  beforeAll(async () => {
    worker = await startWorker({ DATABASE_URL: own.url });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
  });

  it('retries and deletes a job graphile-worker gave up on, each recorded', async () => {
    const admin = await signUp('ops');
    await db().query(`update users set role = 'admin' where id = $1`, [admin.userId]);
    // A real job the real task refuses (its payload is not valid), with one attempt: it fails for good.
    const {
      rows: [job],
    } = await db().query(
      `select id::text from graphile_worker.add_job('deliver_outbox_message', '{"outboxId":"not-a-uuid"}'::json, max_attempts => 1)`,
    );
    const failedRow = async () =>
      (
        await db().query(
          'select attempts, max_attempts, last_error, updated_at from graphile_worker.jobs where id = $1',
          [job.id],
        )
      ).rows[0];
    await expect.poll(async () => (await failedRow())?.attempts, { timeout: 20_000 }).toBe(1);

    const jobs = await admin.client.gql(JOBS, { first: 10 });
    expect(jobs.errors).toBeUndefined();
    const listed = jobs.data.admin.jobs.failed.jobs.find((j: { id: string }) => j.id === job.id);
    expect(listed).toMatchObject({ task: 'deliver_outbox_message', attempts: 1, maxAttempts: 1 });
    expect(listed.lastError).toMatch(/uuid|Invalid/i);
    expect(jobs.data.admin.jobs.depth).toContainEqual(
      expect.objectContaining({ task: 'deliver_outbox_message', failed: expect.any(Number) }),
    );

    // Retried: it runs again from its first attempt (and fails again, the payload being what it is).
    const before = (await failedRow()).updated_at as Date;
    expect((await admin.client.gql(RETRY, { id: job.id })).data).toEqual({ retryJob: true });
    await expect
      .poll(
        async () => {
          const row = await failedRow();
          return row.attempts === 1 && row.updated_at.getTime() > before.getTime();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await lastAudit(admin.client, 'job.retry', job.id)).toMatchObject({
      actor: admin.username,
      targetType: 'job',
      details: { task: 'deliver_outbox_message', attempts: 1 },
    });

    expect((await admin.client.gql(DELETE, { id: job.id })).data).toEqual({ deleteJob: true });
    expect(await failedRow()).toBeUndefined();
    expect(await lastAudit(admin.client, 'job.delete', job.id)).toMatchObject({ actor: admin.username });
    expect((await admin.client.gql(RETRY, { id: job.id })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
