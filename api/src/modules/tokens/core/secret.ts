import { createHash, randomBytes } from 'node:crypto';

/**
 * A token's secret: `chorus_pat_` and 32 random bytes in base64url (256 bits, so guessing is out
 * of the question and a plain SHA-256 is enough to keep it: no salt or slow hash is needed for a
 * secret nobody chose). The prefix makes a leaked one easy to spot (secret scanners, logs).
 */
export const SECRET_PREFIX = 'chorus_pat_';
const SECRET_SHAPE = /^chorus_pat_[A-Za-z0-9_-]{43}$/;
/** How much of the secret the list shows, to recognise it by: the prefix and 4 characters. */
const VISIBLE = SECRET_PREFIX.length + 4;

export function newSecret(): { secret: string; hash: Buffer; visible: string } {
  const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret), visible: secret.slice(0, VISIBLE) };
}

export const hashSecret = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest();

/** Whether `text` has a secret's shape (checked before any database lookup). */
export const looksLikeSecret = (text: string): boolean => SECRET_SHAPE.test(text);
