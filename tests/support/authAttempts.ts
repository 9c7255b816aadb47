import type { RunningApp } from '../../api/src/app.ts';
import * as password from '../../api/src/modules/accounts/core/password.ts';
import { HttpClient } from './client.ts';
import { signedUpClient } from './users.ts';

/**
 * Sign-in attempts as an attacker makes them, for the apps that trust X-Forwarded-For
 * (TRUST_PROXY=1): each call can play a different client address (api/test/hardening.auth.test.ts,
 * api/test/hardening.hashing.test.ts).
 */

/** argon2 checks this process has started (real work counted where it happens, not a mock). */
export const checks = () => password.passwordWork.verifications;
/** How many of a burst's answers were a checked (and wrong) password. */
export const passwordChecks = (statuses: number[]) => statuses.filter((s) => s === 401).length;

let n = 0;
/** A fresh client address for each call. */
export const ip = () => `10.${(n >> 8) & 255}.${n++ & 255}.${1 + Math.floor(Math.random() * 250)}`;

/** A new account, signed up from `from` (a fresh address unless given), its address unverified. */
export const register = (app: RunningApp, from = ip()) =>
  signedUpClient(app.url, { ip: from, verified: false });

/** One REST sign-in from `from`. */
export const login = (app: RunningApp, username: string, pass: string, from = ip()) =>
  new HttpClient(app.url, from).post('/api/auth/login', { username, password: pass });

/** config.ts's hashing cost, which the test apps lower (tests/support/app.ts). */
export const PRODUCT_HASHING = { PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_PASSES: '3' };

/** Settled status counts of a burst, e.g. { 401: 10, 429: 190 }. */
export function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}
