import { randomBytes } from 'node:crypto';
import { EMAIL_PATTERN, USERNAME_MAX } from '@chorus/shared/accountRules';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { hashPassword } from './password.ts';
import { User } from './User.ts';

/** What a provider told us about the person signing in (ID token or user-info claims). */
export interface ExternalIdentity {
  provider: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  /** A username to start from (preferred_username, GitHub login, the e-mail's local part). */
  preferredName?: string;
  displayName?: string;
}

export const oidcMessages = {
  noEmail: msg('The provider did not share an e-mail address, so no account could be created.'),
  unverifiedLink: msg(
    'An account with that e-mail address already exists. Sign in with your password; it can be linked once the address is verified on both sides.',
  ),
} as const;

/**
 * The account an external sign-in belongs to: the one linked to this provider's subject before;
 * else an existing account with the same e-mail, but only when the provider says the address is
 * verified AND the account's address is verified here (otherwise whoever registers a provider
 * account with someone's address would get into theirs); else a new account.
 */
export async function accountForIdentity(em: EntityManager, identity: ExternalIdentity): Promise<User> {
  const linked = await em.execute<{ user_id: string }[]>(
    'select user_id from oidc_identities where provider = ? and subject = ?',
    [identity.provider, identity.subject],
  );
  if (linked[0]) {
    const user = await em.findOne(User, { id: linked[0].user_id });
    if (user) return user;
  }
  const email = identity.email?.trim();
  if (!email || !EMAIL_PATTERN.test(email) || email.length > 254) {
    throw new AppError('BAD_USER_INPUT', oidcMessages.noEmail);
  }
  const existing = await em.execute<{ id: string; verified: boolean }[]>(
    'select id, email_verified_at is not null as verified from users where lower(email) = lower(?)',
    [email],
  );
  if (existing[0]) {
    if (!identity.emailVerified || !existing[0].verified)
      throw new AppError('CONFLICT', oidcMessages.unverifiedLink);
    await link(em, identity, existing[0].id, email);
    return (await em.findOne(User, { id: existing[0].id })) as User;
  }
  const user = await createAccount(em, identity, email);
  await link(em, identity, user.id, email);
  return user;
}

async function link(em: EntityManager, identity: ExternalIdentity, userId: string, email: string) {
  await em.execute(
    `insert into oidc_identities (provider, subject, user_id, email) values (?, ?, ?, ?)
     on conflict (provider, subject) do nothing`,
    [identity.provider, identity.subject, userId, email],
  );
}

/** A new account with an unguessable password nobody knows (a reset sets one). */
async function createAccount(em: EntityManager, identity: ExternalIdentity, email: string): Promise<User> {
  const base = usernameBase(identity.preferredName ?? email.split('@')[0] ?? 'user');
  const password = await hashPassword(randomBytes(32).toString('base64url'));
  for (let attempt = 0; attempt < 8; attempt++) {
    const suffix = attempt === 0 ? '' : `_${randomBytes(3).toString('hex')}`;
    const username = `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    const taken = await em.execute<{ n: number }[]>(
      'select count(*)::int as n from users where lower(username) = lower(?)',
      [username],
    );
    if ((taken[0]?.n ?? 0) > 0) continue;
    const fork = em.fork();
    const user = fork.create(User, {
      username,
      email,
      password,
      displayName: identity.displayName?.slice(0, 100) || null,
    });
    try {
      await fork.flush();
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) continue;
      throw e;
    }
    if (identity.emailVerified) {
      await em.execute('update users set email_verified_at = now() where id = ?', [user.id]);
    }
    return (await em.findOne(User, { id: user.id })) as User;
  }
  throw new AppError(
    'CONFLICT',
    msg('Could not find a free username; please register with a password instead.'),
  );
}

function usernameBase(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .slice(0, 40);
  return cleaned.length >= 3 ? cleaned : `user_${cleaned}`.slice(0, 40).padEnd(3, '0');
}
