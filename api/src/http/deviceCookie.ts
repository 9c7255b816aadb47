import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { Config } from '../platform/config.ts';
import { cookieSecurity } from './sessions.ts';

/**
 * OWASP's "device cookie": after a browser signs in to an account it gets a token signed with the
 * session secret, bound to that username. Its later logins to that account are counted on their
 * own (see AuthRateLimiter.reserveLogin), so failures from anywhere else can't lock it out.
 * One cookie holds the tokens of the last few accounts used in this browser; the username itself is
 * never in it (only a MAC over it), and the token can't be moved to another account.
 */
export const DEVICE_COOKIE = 'chorus.device';
const MAX_ACCOUNTS = 5;
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

type Secrets = Pick<Config, 'SESSION_SECRET'>;

const sign = (secret: string, username: string, nonce: string) =>
  createHmac('sha256', secret).update(`device:${username.toLowerCase()}:${nonce}`).digest('base64url');

function tokensOf(req: Request): string[] {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) {
      return part
        .slice(eq + 1)
        .trim()
        .split('~')
        .filter((t) => /^[\w-]{16,64}\.[\w-]{43}$/.test(t))
        .slice(0, MAX_ACCOUNTS);
    }
  }
  return [];
}

function matches(config: Secrets, username: string, token: string): string | undefined {
  const [nonce = '', mac = ''] = token.split('.');
  const expected = Buffer.from(sign(config.SESSION_SECRET, username, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}

/** The id of this browser for `username` when it holds a valid token for it, else undefined. */
export function knownDevice(config: Secrets, req: Request, username: string): string | undefined {
  for (const token of tokensOf(req)) {
    const nonce = matches(config, username, token);
    if (nonce) return nonce;
  }
  return undefined;
}

/** After a sign-in: puts (or keeps) this account's token first in the browser's cookie. */
export function rememberDevice(
  config: Secrets & Pick<Config, 'COOKIE_SECURE' | 'publicUrl'>,
  req: Request,
  username: string,
): void {
  const res = req.res;
  if (!res || res.headersSent) return;
  const tokens = tokensOf(req);
  const mine = tokens.find((t) => matches(config, username, t));
  const nonce = randomBytes(16).toString('base64url');
  const token = mine ?? `${nonce}.${sign(config.SESSION_SECRET, username, nonce)}`;
  const value = [token, ...tokens.filter((t) => t !== token)].slice(0, MAX_ACCOUNTS).join('~');
  const secure = cookieSecurity(config);
  res.cookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure === 'auto' ? req.secure : secure,
    maxAge: ONE_YEAR_MS,
    path: '/',
    encode: String,
  });
}
