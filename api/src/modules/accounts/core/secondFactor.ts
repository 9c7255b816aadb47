import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { z } from 'zod';
import { AppError, badInput, conflict } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import { parseInput } from '../../../platform/validation.ts';
import { verifyPassword } from './password.ts';

/**
 * Second factors: TOTP (RFC 6238: 6 digits, 30 s, SHA-1, as every authenticator app reads it),
 * 10 one-time recovery codes, and passkeys (domain/accounts/passkeys.ts). The TOTP secret is kept
 * encrypted with a key derived from SESSION_SECRET; recovery codes are kept as keyed hashes only.
 */
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Chorus';
const TOTP_PERIOD = 30;

let keys: { encryption: Buffer; hashing: Buffer } | undefined;

/** Derives this process's keys from SESSION_SECRET (the api calls it at start-up, like password hashing). */
export function configureSecondFactor(sessionSecret: string): void {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', sessionSecret, 'chorus-2fa', info, 32));
  keys = { encryption: derive('totp-secret'), hashing: derive('recovery-code') };
}

function keysOrThrow() {
  if (!keys) throw new Error('configureSecondFactor was not called');
  return keys;
}

function encrypt(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keysOrThrow().encryption, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

function decrypt(stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', keysOrThrow().encryption, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The stored secret, or undefined when it can't be decrypted (the key changed: SESSION_SECRET
 * rotated without TWO_FACTOR_KEY). The code is then refused rather than the login failing with a 500.
 */
function readableSecret(stored: string, userId: string): string | undefined {
  try {
    return decrypt(stored);
  } catch (err) {
    logger.error(
      { err, userId },
      'TOTP secret could not be decrypted: was TWO_FACTOR_KEY or SESSION_SECRET changed?',
    );
    return undefined;
  }
}

/** Recovery codes: `xxxxx-xxxxx`, case and dashes ignored when typed. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashRecoveryCode = (code: string) =>
  createHmac('sha256', keysOrThrow().hashing).update(normaliseRecoveryCode(code)).digest('hex');

function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const totpFor = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

export type SecondFactorMethod = 'totp' | 'recovery' | 'passkey';

export interface TwoFactorStatus {
  enabled: boolean;
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }[];
}

export async function twoFactorStatus(em: EntityManager, userId: string): Promise<TwoFactorStatus> {
  const [totp, codes, passkeys] = await Promise.all([
    em.execute<{ n: number }[]>(
      'select count(*)::int as n from user_totp where user_id = ? and enabled_at is not null',
      [userId],
    ),
    em.execute<{ n: number }[]>(
      'select count(*)::int as n from recovery_codes where user_id = ? and used_at is null',
      [userId],
    ),
    em.execute<{ id: string; name: string; created_at: Date; last_used_at: Date | null }[]>(
      'select id, name, created_at, last_used_at from passkeys where user_id = ? order by created_at',
      [userId],
    ),
  ]);
  const hasTotp = (totp[0]?.n ?? 0) > 0;
  return {
    enabled: hasTotp || passkeys.length > 0,
    totp: hasTotp,
    recoveryCodesLeft: codes[0]?.n ?? 0,
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.created_at,
      lastUsedAt: p.last_used_at,
    })),
  };
}

/** The second factors a login may be completed with; empty when the account has none. */
export async function secondFactorMethods(em: EntityManager, userId: string): Promise<SecondFactorMethod[]> {
  const status = await twoFactorStatus(em, userId);
  const methods: SecondFactorMethod[] = [];
  if (status.totp) methods.push('totp');
  if (status.passkeys.length > 0) methods.push('passkey');
  if (status.recoveryCodesLeft > 0) methods.push('recovery');
  return methods;
}

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as an SVG QR code (a data: URL an <img> shows). */
  qrCode: string;
}

/**
 * Starts (or restarts) TOTP enrolment: a new secret, not in force until a code from it is
 * confirmed. Refused while TOTP is on: turning it off first needs the password.
 */
export async function startTotpSetup(
  em: EntityManager,
  user: { id: string; username: string },
): Promise<TotpSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const rows = await em.execute<{ user_id: string }[]>(
    `insert into user_totp (user_id, secret) values (?, ?)
     on conflict (user_id) do update set secret = excluded.secret, last_step = 0, created_at = now()
       where user_totp.enabled_at is null
     returning user_id`,
    [user.id, encrypt(secret)],
  );
  if (rows.length === 0) throw conflict(msg('Two-factor authentication is already on'));
  const otpauthUrl = totpFor(secret, user.username).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

const codeInput = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg('Please enter the code') })
      .min(1, msg('Please enter the code'))
      .max(64, msg('That code is too long')),
  ),
});

const totpCodeInput = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v),
    z
      .string({ error: msg('Please enter the 6-digit code from your authenticator app') })
      .regex(/^\d{6}$/, msg('Please enter the 6-digit code from your authenticator app')),
  ),
});

/**
 * Checks a code against a secret, accepting the previous and next 30 s step (clock drift), and
 * records the step so the same code can't be used again: the update only succeeds for a later step.
 */
async function acceptTotp(
  em: EntityManager,
  userId: string,
  secretBase32: string,
  code: string,
  extraWhere: string,
): Promise<boolean> {
  const totp = totpFor(secretBase32, '');
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  const rows = await em.execute<{ user_id: string }[]>(
    `update user_totp set last_step = ? where user_id = ? and last_step < ? ${extraWhere} returning user_id`,
    [step, userId, step],
  );
  return rows.length > 0;
}

/** Confirms enrolment with a code from the app; answers the new recovery codes (shown once). */
export async function enableTotp(em: EntityManager, userId: string, input: unknown): Promise<string[]> {
  const { code } = parseInput(totpCodeInput, input);
  const rows = await em.execute<{ secret: string; enabled_at: Date | null }[]>(
    'select secret, enabled_at from user_totp where user_id = ?',
    [userId],
  );
  const row = rows[0];
  if (!row) throw badInput(msg('Start the set-up first: no authenticator secret is waiting to be confirmed'));
  if (row.enabled_at) throw conflict(msg('Two-factor authentication is already on'));
  if (!(await acceptTotp(em, userId, decrypt(row.secret), code, 'and enabled_at is null'))) {
    throw badInput(msg('That code is not right. Check the time on your phone and try the newest code.'));
  }
  await em.execute('update user_totp set enabled_at = now() where user_id = ?', [userId]);
  return replaceRecoveryCodes(em, userId);
}

/** New recovery codes; every earlier one stops working. */
export async function replaceRecoveryCodes(em: EntityManager, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await em.transactional(async (tem) => {
    await tem.execute('delete from recovery_codes where user_id = ?', [userId]);
    await tem.execute(
      `insert into recovery_codes (user_id, code_hash) values ${codes.map(() => '(?, ?)').join(', ')}`,
      codes.flatMap((code) => [userId, hashRecoveryCode(code)]),
    );
  });
  return codes;
}

const passwordInput = z.object({
  password: z
    .string({ error: msg('Please enter your password') })
    .min(1, msg('Please enter your password'))
    .max(200),
});

/** Checks the account's password; a wrong one is a 400 with a message (the session stays signed in). */
export async function confirmPassword(em: EntityManager, userId: string, input: unknown): Promise<void> {
  const { password } = parseInput(passwordInput, input);
  const rows = await em.execute<{ password: string }[]>('select password from users where id = ?', [userId]);
  const hash = rows[0]?.password;
  if (!hash || !(await verifyPassword(hash, password))) {
    throw new AppError('BAD_USER_INPUT', msg('Your password is not correct'), { field: 'password' });
  }
}

/** Turns every second factor off (TOTP, recovery codes and passkeys) after the password is confirmed. */
export async function disableTwoFactor(em: EntityManager, userId: string, input: unknown): Promise<void> {
  await confirmPassword(em, userId, input);
  await em.transactional(async (tem) => {
    await tem.execute('delete from user_totp where user_id = ?', [userId]);
    await tem.execute('delete from recovery_codes where user_id = ?', [userId]);
    await tem.execute('delete from passkeys where user_id = ?', [userId]);
  });
}

/**
 * True when the user has no second factor; otherwise whether `code` is a current TOTP code (not
 * used before) or an unused recovery code, which it uses up. Login's second step and deleting the
 * account both ask it.
 */
export async function verifySecondFactor(
  em: EntityManager,
  user: { id: string },
  code: string | null | undefined,
): Promise<boolean> {
  const status = await twoFactorStatus(em, user.id);
  if (!status.enabled) return true;
  if (typeof code !== 'string') return false;
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    if (!status.totp) return false;
    const rows = await em.execute<{ secret: string }[]>(
      'select secret from user_totp where user_id = ? and enabled_at is not null',
      [user.id],
    );
    const secret = rows[0] ? readableSecret(rows[0].secret, user.id) : undefined;
    return secret ? acceptTotp(em, user.id, secret, digits, 'and enabled_at is not null') : false;
  }
  return useRecoveryCode(em, user.id, code);
}

async function useRecoveryCode(em: EntityManager, userId: string, code: string): Promise<boolean> {
  if (normaliseRecoveryCode(code).length !== 10) return false;
  const hash = hashRecoveryCode(code);
  const candidates = await em.execute<{ id: string; code_hash: string }[]>(
    'select id, code_hash from recovery_codes where user_id = ? and used_at is null',
    [userId],
  );
  const match = candidates.find((c) => safeEqual(c.code_hash, hash));
  if (!match) return false;
  // Only one of two parallel uses of a code wins.
  const used = await em.execute<{ id: string }[]>(
    'update recovery_codes set used_at = now() where id = ? and used_at is null returning id',
    [match.id],
  );
  return used.length > 0;
}

const safeEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The code a login's second step sends: parsed like any other input (400 when missing or absurd). */
export const parseSecondFactorCode = (input: unknown) => parseInput(codeInput, input).code;
