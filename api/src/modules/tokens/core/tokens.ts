import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badInput, notFound, textError, unauthenticated } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { isUuid, parseInput, zodText } from '../../../platform/validation.ts';
import { restrictionError } from '../../accounts/core/restriction.ts';
import { type TokenScope, tokenScopes } from './scopes.ts';
import { hashSecret, looksLikeSecret, newSecret } from './secret.ts';

/**
 * Personal API tokens (table api_tokens): made, listed and revoked by their owner in a signed-in
 * session; checked on every bearer request by their secret's hash (`authenticate`). Revoking keeps
 * the row, so the list can say when; the secret is never stored nor shown again.
 */
export const EXPIRY_DAYS = [7, 30, 90, 365] as const;
/** Tokens one person may have that are not revoked (expired ones count until revoked). */
export const MAX_TOKENS = 50;
/** The list's length: every usable token, and the most recent revoked ones. */
export const LIST_SIZE = 100;

export type TokenStatus = 'active' | 'expired' | 'revoked';

export interface ApiTokenView {
  id: string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  status: TokenStatus;
}

/** A row as a raw query answers it: the driver may hand timestamps over as text. */
interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: Date | string;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

/** Its timestamps as Dates. */
interface Stamps {
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = 'id, name, prefix, scopes, created_at, expires_at, last_used_at, revoked_at';

const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function stampsOf(row: Pick<TokenRow, keyof Stamps>): Stamps {
  return {
    created_at: new Date(row.created_at),
    expires_at: dateOf(row.expires_at),
    last_used_at: dateOf(row.last_used_at),
    revoked_at: dateOf(row.revoked_at),
  };
}

const statusOf = (row: Pick<Stamps, 'expires_at' | 'revoked_at'>, now = new Date()): TokenStatus =>
  row.revoked_at ? 'revoked' : row.expires_at && row.expires_at <= now ? 'expired' : 'active';

const viewOf = (row: TokenRow): ApiTokenView => {
  const stamps = stampsOf(row);
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: tokenScopes.filter((s) => row.scopes.includes(s)),
    createdAt: stamps.created_at,
    expiresAt: stamps.expires_at,
    lastUsedAt: stamps.last_used_at,
    revokedAt: stamps.revoked_at,
    status: statusOf(stamps),
  };
};

const scopesMessage = zodText(msg('scopes must list at least one of: {choices}'), {
  choices: tokenScopes.join(', '),
});
const expiryMessage = zodText(
  msg('expiresInDays must be one of {choices}, or null for a token that never expires'),
  { choices: EXPIRY_DAYS.join(', ') },
);

const createInput = z.object(
  {
    name: z
      .string({ error: msg('Please give the token a name') })
      .trim()
      .min(1, msg('Please give the token a name'))
      .max(100, msg('The name can be at most 100 characters'))
      // Control characters have no place in a label (and would garble the list).
      .refine((s) => !/\p{Cc}/u.test(s), msg('The name cannot contain control characters')),
    scopes: z
      .array(z.enum(tokenScopes, { error: scopesMessage }), { error: scopesMessage })
      .min(1, scopesMessage)
      .max(20, scopesMessage),
    expiresInDays: z
      .union(
        EXPIRY_DAYS.map((d) => z.literal(d)),
        { error: expiryMessage },
      )
      .nullable()
      .optional(),
  },
  { error: 'Send the token as JSON: { name, scopes, expiresInDays }' },
);

export async function listTokens(em: EntityManager, userId: string): Promise<ApiTokenView[]> {
  const rows = await em.execute<TokenRow[]>(
    `select ${COLUMNS} from api_tokens where user_id = ? order by created_at desc, id limit ?`,
    [userId, LIST_SIZE],
  );
  return rows.map(viewOf);
}

/** Makes a token; the answer is the only place its secret ever appears. */
export async function createToken(
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<{ token: ApiTokenView; secret: string }> {
  const data = parseInput(createInput, input ?? {});
  const scopes = tokenScopes.filter((s) => data.scopes.includes(s));
  const { secret, hash, visible } = newSecret();
  const row = await em.transactional(async (tx) => {
    // One at a time per person, so a burst can't pass MAX_TOKENS.
    await tx.execute(`select pg_advisory_xact_lock(hashtext('api_tokens:' || ?))`, [userId]);
    const [count] = await tx.execute<{ n: string }[]>(
      'select count(*) as n from api_tokens where user_id = ? and revoked_at is null',
      [userId],
    );
    if (Number(count?.n ?? 0) >= MAX_TOKENS)
      throw textError('CONFLICT', msg('You can have at most {max} API tokens: revoke one to make another'), {
        max: MAX_TOKENS,
      });
    const [inserted] = await tx.execute<TokenRow[]>(
      `insert into api_tokens (user_id, name, token_hash, prefix, scopes, expires_at)
       values (?, ?, ?, ?, ?::text[], case when ?::int is null then null else now() + make_interval(days => ?::int) end)
       returning ${COLUMNS}`,
      [
        userId,
        data.name,
        hash,
        visible,
        `{${scopes.join(',')}}`,
        data.expiresInDays ?? null,
        data.expiresInDays ?? null,
      ],
    );
    return inserted as TokenRow;
  });
  return { token: viewOf(row), secret };
}

/** Revokes one of the person's tokens (again: answers it as it is); someone else's is not found. */
export async function revokeToken(em: EntityManager, userId: string, id: string): Promise<ApiTokenView> {
  if (!isUuid(id)) throw badInput(msg('Invalid API token id'), { field: 'id' });
  const [row] = await em.execute<TokenRow[]>(
    `update api_tokens set revoked_at = coalesce(revoked_at, now())
     where id = ? and user_id = ? returning ${COLUMNS}`,
    [id, userId],
  );
  if (!row) throw notFound(msg('API token not found'));
  return viewOf(row);
}

/** A bearer request's token, once its secret proved it. */
export interface TokenGrant {
  tokenId: string;
  userId: string;
  scopes: TokenScope[];
  lastUsedAt: Date | null;
}

/**
 * The token whose secret this is, or why it can't be used: 401 when unknown, revoked or expired;
 * 403 when its owner is banned or suspended (as signing in is refused). Looked up by the hash's
 * unique index: no comparison in our code can leak timing.
 */
export async function authenticate(em: EntityManager, secret: string): Promise<TokenGrant> {
  if (!looksLikeSecret(secret)) throw unauthenticated(msg('Invalid API token'));
  const [found] = await em.execute<
    (Omit<TokenRow, 'name' | 'prefix'> & {
      user_id: string;
      banned_at: Date | string | null;
      suspended_until: Date | string | null;
      restriction_reason: string | null;
    })[]
  >(
    `select t.id, t.user_id, t.scopes, t.created_at, t.expires_at, t.revoked_at, t.last_used_at,
            u.banned_at, u.suspended_until, u.restriction_reason
     from api_tokens t join users u on u.id = t.user_id where t.token_hash = ?`,
    [hashSecret(secret)],
  );
  if (!found) throw unauthenticated(msg('Invalid API token'));
  const stamps = stampsOf(found);
  const status = statusOf(stamps);
  if (status === 'revoked') throw unauthenticated(msg('This API token was revoked'));
  if (status === 'expired') throw unauthenticated(msg('This API token has expired'));
  const refusal = restrictionError({
    bannedAt: dateOf(found.banned_at),
    suspendedUntil: dateOf(found.suspended_until),
    restrictionReason: found.restriction_reason,
  });
  if (refusal) throw refusal;
  return {
    tokenId: found.id,
    userId: found.user_id,
    scopes: tokenScopes.filter((s) => found.scopes.includes(s)),
    lastUsedAt: stamps.last_used_at,
  };
}

/** Records a use, at most once a minute per token whichever process serves it (no write otherwise). */
export async function touchLastUsed(em: EntityManager, tokenId: string): Promise<void> {
  await em.execute(
    `update api_tokens set last_used_at = now()
     where id = ? and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
    [tokenId],
  );
}
