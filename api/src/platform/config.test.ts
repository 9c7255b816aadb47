import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configFrom, platformConfigSchema, readSettings } from './config.ts';

const base = { DATABASE_URL: 'postgres://localhost/chorus', SESSION_SECRET: '0123456789abcdef' };
const read = (env: Record<string, string>) => configFrom(platformConfigSchema, { ...base, ...env });

describe('password hashing cost', () => {
  it("is argon2id's own 64 MiB and 3 passes unless set", () => {
    const c = read({});
    expect([c.PASSWORD_HASH_MEMORY_KIB, c.PASSWORD_HASH_PASSES]).toEqual([65536, 3]);
  });

  it("can't go below OWASP's minimum outside tests", () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => read({ NODE_ENV, PASSWORD_HASH_MEMORY_KIB: '1024' })).toThrow(/at least 19456 KiB/);
      expect(() => read({ NODE_ENV, PASSWORD_HASH_PASSES: '1' })).toThrow(/at least 19456 KiB and 2 passes/);
    }
    expect(
      read({ NODE_ENV: 'production', PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_PASSES: '2' }),
    ).toMatchObject({ PASSWORD_HASH_MEMORY_KIB: 19456, PASSWORD_HASH_PASSES: 2 });
  });

  it('may be cheap in tests', () => {
    expect(
      read({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' }),
    ).toMatchObject({ PASSWORD_HASH_MEMORY_KIB: 1024, PASSWORD_HASH_PASSES: 1 });
    expect(() => read({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '512' })).toThrow(
      /PASSWORD_HASH_MEMORY_KIB/,
    );
  });
});

describe("a module's own settings (readSettings)", () => {
  // Two of the shares and billing modules' settings, as their settings.ts declare them.
  const shape = {
    SHARE_CONTINUES_PER_HOUR: z.coerce.number().int().min(1).default(30),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
  };

  it('takes what the validated configuration holds, and the default for what it lacks', () => {
    expect(readSettings(shape, { SHARE_CONTINUES_PER_HOUR: 5, STRIPE_SECRET_KEY: 'sk', PORT: 1 })).toEqual({
      SHARE_CONTINUES_PER_HOUR: 5,
      STRIPE_SECRET_KEY: 'sk',
    });
    expect(readSettings(shape, {})).toEqual({ SHARE_CONTINUES_PER_HOUR: 30, STRIPE_SECRET_KEY: undefined });
  });
});
