import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badInput } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';

/**
 * One-time links (password reset, e-mail verification, undoing an address change). The link
 * carries 32 random bytes; the database keeps only their SHA-256, so a leaked table or backup opens
 * no account. A token works once, until it expires, and asking for a new link of the same purpose
 * retires the older ones, except undo links: each address an account left keeps its own (a second
 * change by whoever holds the session must not retire the owner's link).
 */
export type TokenPurpose = 'password_reset' | 'email_verify' | 'email_undo';

export const tokenMessages = {
  invalid: msg('This link is invalid, already used or expired. Please ask for a new one.'),
} as const;

/** What a link's token looks like (base64url of 32 bytes); anything else is refused before a lookup. */
export const tokenShape = z
  .string({ error: tokenMessages.invalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, tokenMessages.invalid);

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(
  em: EntityManager,
  userId: string,
  purpose: TokenPurpose,
  ttlSeconds: number,
  email: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  if (purpose !== 'email_undo')
    await em.execute('delete from account_tokens where user_id = ? and purpose = ? and used_at is null', [
      userId,
      purpose,
    ]);
  await em.execute(
    `insert into account_tokens (id, user_id, purpose, token_hash, email, expires_at)
     values (gen_random_uuid(), ?, ?, ?, ?, now() + make_interval(secs => ?))`,
    [userId, purpose, hashToken(token), email, ttlSeconds],
  );
  return token;
}

/** Uses a token up (atomically: two parallel uses can't both succeed); 400 when it can't be used. */
export async function consumeToken(
  em: EntityManager,
  token: unknown,
  purpose: TokenPurpose,
): Promise<{ userId: string; email: string | null }> {
  const parsed = tokenShape.safeParse(token);
  if (!parsed.success) throw badInput(tokenMessages.invalid);
  const [row] = await em.execute<{ user_id: string; email: string | null }[]>(
    `update account_tokens set used_at = now()
      where token_hash = ? and purpose = ? and used_at is null and expires_at > now()
      returning user_id, email`,
    [hashToken(parsed.data), purpose],
  );
  if (!row) throw badInput(tokenMessages.invalid);
  return { userId: row.user_id, email: row.email };
}

/** When the user last asked for a link of this purpose (for the resend cooldown). */
export async function lastIssuedAt(
  em: EntityManager,
  userId: string,
  purpose: TokenPurpose,
): Promise<Date | null> {
  const [row] = await em.execute<{ at: Date | null }[]>(
    'select max(created_at) as at from account_tokens where user_id = ? and purpose = ?',
    [userId, purpose],
  );
  return row?.at ? new Date(row.at) : null;
}

/** For the hourly prune: links a day past their expiry (used or not) can't be used any more. */
export const PRUNE_ACCOUNT_TOKENS_SQL = `delete from account_tokens where expires_at < now() - interval '1 day'`;
