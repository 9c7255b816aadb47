import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { deliveryConfigShape } from './mail.ts';
import { oidcProvidersSetting } from './oidcConfig.ts';
import { storageConfigIssues, storageConfigShape } from './storage.ts';

/** The process's environment. Settings are read from it here and in the other config.ts files only. */
export type Env = Readonly<Record<string, string | undefined>>;
export const environment = (): Env => process.env;

/**
 * Read when the process starts, before any configuration is loaded (the logger exists from the
 * first import; migrations and scripts load none).
 */
const processSettings = z
  .object({
    NODE_ENV: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    /** Names the process in every log line (api, worker). */
    CHORUS_SERVICE: z.string().min(1).default('api'),
    /** 1: log every SQL statement the ORM sends (at debug level). */
    ORM_DEBUG: z.string().optional(),
  })
  .transform((s) => ({
    logLevel: s.LOG_LEVEL ?? (s.NODE_ENV === 'test' ? 'silent' : 'info'),
    service: s.CHORUS_SERVICE,
    ormDebug: s.ORM_DEBUG === '1',
    production: s.NODE_ENV === 'production',
  }))
  .parse(environment());
export const { logLevel, service, ormDebug, production } = processSettings;

/**
 * Every setting of the platform the api and the worker share, validated once at start-up so a typo
 * fails loudly instead of half-working. Modules add their own (api/src/config.ts puts them together).
 * `.env.example` documents each one.
 */
export const platformConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start sets it for the embedded database)'),
  /** Public origin used in links, canonical URLs and Stripe return URLs. */
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters'),
  /**
   * Secure session cookie. auto: on when PUBLIC_URL is https (even behind a TLS-terminating proxy),
   * else when the request came over HTTPS (directly, or per X-Forwarded-Proto of trusted proxies).
   */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Number of reverse proxies in front of the api (for client IPs and HTTPS detection). */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Database connections per process at most. A send holds one for its transaction and another
   * for the user's memories beside it, so 50 sends at once queued for 10.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(100).default(20),
  /** How long /healthz waits for the database before answering 503. */
  HEALTH_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  /** Folder with the built web app (web/dist). */
  WEB_DIST: z.string().optional(),
  /**
   * Attempts allowed within the window: per IP, failed logins and registrations together; per
   * username, consecutive failed logins from one IP (or from one browser that signed in to the
   * account before), and separately registrations.
   */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_LIMIT_PER_USERNAME: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Failed logins per day: from one IP, and for one username from browsers it never signed in on. */
  AUTH_RATE_LIMIT_PER_IP_PER_DAY: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_PER_USERNAME_PER_DAY: z.coerce.number().int().min(1).default(100),
  /**
   * Passwords hashed at once per process (argon2 shares libuv's 4 threads with file serving), and
   * how many more may wait; beyond that a login or registration is asked to retry in a moment.
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  PASSWORD_HASH_QUEUE_MAX: z.coerce.number().int().min(0).default(32),
  /**
   * argon2id's memory (KiB) and passes per password hash: 64 MiB and 3 passes, about 0.4 s of one
   * core here. Only NODE_ENV=test may go below OWASP's minimum (19 MiB, 2 passes); the test apps use
   * 1 MiB and 1 pass, so signing up thousands of test users doesn't cost the suite minutes.
   */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(4_194_304).default(65536),
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(10).default(3),
  /** How long a login whose password was right may take to give its second factor (code or passkey). */
  /**
   * Key material for TOTP secrets (encrypted) and recovery codes (hashed); SESSION_SECRET when unset.
   * Set it before rotating SESSION_SECRET, to its old value, or every authenticator app stops working.
   */
  TWO_FACTOR_KEY: z.string().min(16, 'TWO_FACTOR_KEY must be at least 16 characters').optional(),
  TWO_FACTOR_LOGIN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** Sign in with OpenID Connect / GitHub: a JSON list of providers (see platform/oidcConfig.ts). */
  OIDC_PROVIDERS: oidcProvidersSetting,
  /** Folder for media on local disk (chat images, generated images, videos). */
  STORAGE_DIR: z.string().optional(),
  /** STORAGE_DRIVER=local|s3 and the S3-compatible store's settings (platform/storage.ts). */
  ...storageConfigShape,
  /**
   * How long browsers and CDNs may keep a public post's video and thumbnail (`public, max-age`).
   * Also how long a shared cache may go on showing one after its post is made private or deleted.
   */
  MEDIA_PUBLIC_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60),
  /** Largest single upload to My Files, in bytes (the plan's storage quota applies on top). */
  FILE_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(1024 * 1024 * 1024),
  /**
   * Serve the GraphQL explorer at /graphiql, and answer introspection (the explorer needs it). On by
   * default in every environment: the product promises a local explorer, and the schema is public
   * in the repository anyway. `false` turns both off.
   */
  GRAPHIQL: z.enum(['true', 'false']).default('true'),
  /** Largest WebSocket message (/graphql subscriptions) in bytes; a larger one closes its socket (1009). */
  WS_MAX_PAYLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /**
   * Open /graphql WebSockets one client address may hold (per api process), and how many of them
   * may be signed out; more are closed at once with 4429.
   */
  WS_MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(50),
  WS_MAX_ANONYMOUS_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Subscriptions one socket may run at once (signed in, and signed out); one more is answered with an error. */
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).default(100),
  WS_MAX_ANONYMOUS_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).default(5),
  /** Largest GraphQL answer in bytes; a larger one is replaced by a RESPONSE_TOO_LARGE error. 8 MiB. */
  GRAPHQL_MAX_RESPONSE_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(8 * 1024 * 1024),
  /** How often each api process re-checks that its signed-in WebSockets' sessions still exist. */
  WS_SESSION_RECHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
  /** How long a password reset link works (minutes), and an e-mail verification link (hours). */
  PASSWORD_RESET_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  EMAIL_VERIFY_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(72),
  /** Seconds before a user may ask for another verification e-mail. */
  EMAIL_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Hours the old address's "undo this change" link works after an e-mail address change. */
  EMAIL_UNDO_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(168),
  /** Reset and verification e-mails that may be asked for per hour, per address and per client IP. */
  ACCOUNT_MAIL_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  ACCOUNT_MAIL_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /**
   * Without PUBLIC_URL, the host names (host or host:port, comma-separated) whose Host header may
   * name the site in the links we write; loopback names on the listening port always may.
   */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Email (SMTP) and SMS (Twilio) for invitations; see platform/mail.ts. */
  ...deliveryConfigShape,
});

export type Config = z.infer<typeof platformConfigSchema> & {
  publicUrl: string;
  graphiql: boolean;
  storageDir: string;
  /** What the settings were read from; the assistants' per-assistant keys (AI_<ID>_*) are read from it too. */
  env: Env;
};

/**
 * A module's own settings (its module.ts `settings` shape), typed, from the configuration that
 * api/src/config.ts validated with everyone's at start-up. A setting the configuration lacks (one
 * made by hand, as a test may) takes its default. The platform's Config can't name the modules'
 * settings itself: the modules' code imports the platform, never the other way round.
 */
export function readSettings<S extends Record<string, z.ZodType>>(
  shape: S,
  config: object,
): { [K in keyof S]: z.output<S[K]> } {
  const given = config as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, key in given ? given[key] : schema.parse(undefined)]),
  ) as { [K in keyof S]: z.output<S[K]> };
}

/** Reads `schema` (the platform's settings and any a caller adds) from `env`, or fails listing every problem. */
export function configFrom<T extends z.infer<typeof platformConfigSchema>>(
  schema: z.ZodType<T>,
  env: Env,
): T & Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const storageIssues = storageConfigIssues(c);
  if (storageIssues.length) {
    throw new Error(`Invalid configuration:\n${storageIssues.map((i) => `  ${i}`).join('\n')}`);
  }
  if (c.NODE_ENV !== 'test' && (c.PASSWORD_HASH_MEMORY_KIB < 19456 || c.PASSWORD_HASH_PASSES < 2)) {
    throw new Error(
      'Invalid configuration:\n  PASSWORD_HASH_MEMORY_KIB / PASSWORD_HASH_PASSES: at least 19456 KiB and 2 passes outside tests',
    );
  }
  return {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    graphiql: c.GRAPHIQL === 'true',
    storageDir: storageDirOf(c.STORAGE_DIR),
    env,
  };
}

/** Where media is kept on local disk: STORAGE_DIR, else .data/media in the repo (api and worker agree). */
export function storageDirOf(configured: string | undefined): string {
  return configured || fileURLToPath(new URL('../../../.data/media', import.meta.url));
}
