import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, badInput } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { checkOutboundUrl } from '../../../platform/outboundUrl.ts';
import { hashSession } from '../../../platform/sessionSockets.ts';
import { parseInput } from '../../../platform/validation.ts';
import type { PushConfig } from './config.ts';

/**
 * A browser's push subscriptions (table push_subscriptions): where its push service takes messages
 * for it (`endpoint`) and the keys they are encrypted with. One row per endpoint: posting it again
 * updates it, and posting one another account holds moves it here (the same browser, signed in as
 * someone else now; it must not keep receiving the other account's pushes).
 *
 * Each row remembers the session it was posted in, by a hash of its id (never the id: it is the
 * cookie's secret). That is how a logout ends the subscriptions of that browser without trusting
 * the page to send its endpoint on the way out (a tab closed, a sign-out from another tab, a
 * session ended elsewhere: "sign out other sessions", an expiry): logout deletes the session's
 * rows (module.ts's `sessionEnded` reaction), and a push goes only to rows whose session still
 * lives (core/deliver.ts), dropping the others.
 */

/** The most subscriptions one account keeps; a new one beyond it drops the least recently posted. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

const KEY = /^[A-Za-z0-9_-]+={0,2}$/;
const bytesOf = (key: string) => Buffer.from(key.replace(/=+$/, ''), 'base64url');

const endpointField = z
  .string({ error: msg('endpoint must be the push subscription’s endpoint URL') })
  .min(1, msg('endpoint must be the push subscription’s endpoint URL'))
  .max(2000, msg('endpoint may be at most 2000 characters'));

const subscriptionInput = z.object({
  endpoint: endpointField,
  // PushSubscription.toJSON() carries it (null nearly always); nothing here depends on it.
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string({ error: msg('keys.p256dh must be the subscription’s public key (base64url)') })
        .max(200, msg('keys.p256dh is too long'))
        .regex(KEY, msg('keys.p256dh must be base64url'))
        .refine((k) => {
          const b = bytesOf(k);
          return b.length === 65 && b[0] === 4;
        }, 'keys.p256dh must be a P-256 public key (65 bytes, base64url)'),
      auth: z
        .string({ error: msg('keys.auth must be the subscription’s auth secret (base64url)') })
        .max(100, msg('keys.auth is too long'))
        .regex(KEY, msg('keys.auth must be base64url'))
        .refine((k) => bytesOf(k).length === 16, msg('keys.auth must be 16 bytes (base64url)')),
    },
    { error: msg('keys must hold p256dh and auth') },
  ),
});

const endpointInput = z.object({ endpoint: endpointField });

/** The endpoint's problem as a sentence, or null: https (http only to this machine outside production). */
async function endpointProblem(raw: string, config: PushConfig): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return msg('endpoint must be a full https:// URL');
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol === 'http:' && !(config.allowLocal && local))
    return msg('endpoint must start with https://');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return msg('endpoint must start with https://');
  // Push services live on public addresses: the same rule as webhooks (no private, loopback or
  // metadata addresses), checked on the literal now and on what DNS answers when connecting.
  const problem = await checkOutboundUrl(raw, { allowPrivate: config.allowLocal, literalOnly: true });
  return problem ? problem.replace(/^The URL/, 'endpoint') : null;
}

export interface SubscriptionView {
  endpoint: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Keeps (or updates, or moves here) the browser's subscription for this session. */
export async function subscribe(
  em: EntityManager,
  config: PushConfig,
  userId: string,
  sessionId: string,
  input: unknown,
): Promise<SubscriptionView> {
  const sub = parseInput(subscriptionInput, input ?? {});
  const problem = await endpointProblem(sub.endpoint, config);
  if (problem) throw badInput(problem, { field: 'endpoint' });
  // Checked after the input, so bad input is a 400 whether push is on or not.
  if (!config.vapid)
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      msg('Push notifications are not set up on this server (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)'),
    );
  const clean = (k: string) => k.replace(/=+$/, '');
  return em.transactional(async (tx) => {
    // One change at a time per person, so parallel posts can't both slip under the cap.
    await tx.execute(`select pg_advisory_xact_lock(hashtext('push_subscriptions:' || ?))`, [userId]);
    const [row] = await tx.execute<{ endpoint: string; created_at: Date; updated_at: Date }[]>(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, session_hash)
       values (?, ?, ?, ?, ?)
       on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh,
         auth = excluded.auth, session_hash = excluded.session_hash, updated_at = now(),
         created_at = case when push_subscriptions.user_id = excluded.user_id
                           then push_subscriptions.created_at else now() end
       returning endpoint, created_at, updated_at`,
      [userId, sub.endpoint, clean(sub.keys.p256dh), clean(sub.keys.auth), hashSession(sessionId)],
    );
    await tx.execute(
      `delete from push_subscriptions where id in (
         select id from push_subscriptions where user_id = ?
          order by updated_at desc, created_at desc, id offset ?)`,
      [userId, MAX_SUBSCRIPTIONS_PER_USER],
    );
    return {
      endpoint: row!.endpoint,
      createdAt: new Date(row!.created_at),
      updatedAt: new Date(row!.updated_at),
    };
  });
}

/** Forgets the browser's subscription (its own only; an unknown endpoint is already gone: no error). */
export async function unsubscribe(em: EntityManager, userId: string, input: unknown): Promise<void> {
  const { endpoint } = parseInput(endpointInput, input ?? {});
  await em.execute('delete from push_subscriptions where user_id = ? and endpoint = ?', [userId, endpoint]);
}

/** Ends the subscriptions posted in a session that was signed out. */
export async function endSessionSubscriptions(em: EntityManager, sessionId: string): Promise<void> {
  await em.execute('delete from push_subscriptions where session_hash = ?', [hashSession(sessionId)]);
}
