import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { ChorusModule } from '../src/http/module.ts';
import { modules as listed } from '../src/modules/index.ts';
import { jobNames } from '../src/modules/jobs/payloads.ts';
import { raise, registerHooks } from '../src/platform/hooks.ts';

const modules = listed as readonly ChorusModule[];
const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe('the module list (api/src/modules/index.ts)', () => {
  it('names each module after its folder, once', () => {
    const folders = readdirSync(dir('../src/modules/'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && readdirSync(dir(`../src/modules/${d.name}/`)).includes('module.ts'))
      .map((d) => d.name)
      .sort();
    expect(modules.map((m) => m.name).sort()).toEqual(folders);
  });

  it('claims every SDL file in schema/ but the base types, once', () => {
    const claimed = modules.flatMap((m) => m.graphql?.sdl ?? []);
    expect(new Set(claimed).size).toBe(claimed.length);
    const files = readdirSync(dir('../../schema/')).filter(
      (f) => f.endsWith('.graphql') && f !== 'base.graphql',
    );
    expect(claimed.sort()).toEqual(files.sort());
  });

  it('has a task for every job payload, and no task without one (prune_expired is the worker’s own)', () => {
    const tasks = modules.flatMap((m) => Object.keys(m.worker?.tasks ?? {}));
    expect(new Set(tasks).size).toBe(tasks.length);
    expect([...tasks, 'prune_expired'].sort()).toEqual(jobNames().sort());
  });

  it("declares each module's job payloads in its own jobs.ts, beside its tasks", async () => {
    for (const m of modules) {
      const tasks = Object.keys(m.worker?.tasks ?? {}).sort();
      if (tasks.length === 0) continue;
      const declared = Object.values(await import(`../src/modules/${m.name}/jobs.ts`)) as object[];
      expect(declared.flatMap((jobs) => Object.keys(jobs)).sort(), m.name).toEqual(tasks);
    }
  });

  it('uses only listed modules (or jobs, the payload contract)', () => {
    const names = new Set([...modules.map((m) => m.name), 'jobs']);
    for (const m of modules)
      for (const used of m.uses ?? []) expect(names.has(used), `${m.name} uses ${used}`).toBe(true);
  });
});

describe('hooks (platform/hooks.ts)', () => {
  // The reactions a test adds are taken away after it: the registry is process-wide, and the test
  // files that run after this one in the same worker register users for real.
  const added: (() => void)[] = [];
  const addHooks = (declared: Parameters<typeof registerHooks>[0]) => added.push(registerHooks(declared));
  afterEach(() => {
    for (const remove of added.splice(0)) remove();
  });

  it('runs every reaction to an event, in registration order, awaiting each', async () => {
    const seen: string[] = [];
    const event = { em: {} as never, userId: 'u1', inviteToken: 't' };
    addHooks({
      userRegistered: async (e) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(`first ${e.userId}`);
      },
    });
    addHooks({
      userRegistered: async (e) => {
        seen.push(`second ${e.inviteToken}`);
      },
    });
    // social's reaction (modules/index.ts registered it first) returns at once without a token.
    await raise('userRegistered', { ...event, inviteToken: undefined });
    expect(seen).toEqual(['first u1', 'second undefined']);
  });

  it('stops at a reaction that throws, and the raiser sees the error', async () => {
    addHooks({
      userRegistered: async () => {
        throw new Error('refused');
      },
    });
    await expect(raise('userRegistered', { em: {} as never, userId: 'u2' })).rejects.toThrow('refused');
    // Taken away, it no longer runs: the next registration goes through.
    for (const remove of added.splice(0)) remove();
    await expect(raise('userRegistered', { em: {} as never, userId: 'u3' })).resolves.toBeUndefined();
  });

  it("validates each module's settings with the platform's at start-up, and its checks across them", () => {
    const base = { DATABASE_URL: 'postgres://localhost/chorus', SESSION_SECRET: '0123456789abcdef' };
    const config = loadConfig({
      ...base,
      SHARE_CONTINUES_PER_HOUR: '7',
      STRIPE_API_URL: 'http://localhost:12111',
    });
    expect(config).toMatchObject({ SHARE_CONTINUES_PER_HOUR: 7, AI_ANSWER_STALE_AFTER_MS: 30_000 });
    expect(() => loadConfig({ ...base, SHARE_CONTINUES_PER_HOUR: 'many' })).toThrow(
      /SHARE_CONTINUES_PER_HOUR/,
    );
    expect(() => loadConfig({ ...base, STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
    expect(() => loadConfig({ ...base, AI_ANSWER_HEARTBEAT_MS: '20000' })).toThrow(
      /AI_ANSWER_STALE_AFTER_MS: must be at least 3 times AI_ANSWER_HEARTBEAT_MS/,
    );
  });
});
