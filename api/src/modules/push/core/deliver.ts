import type { EntityManager } from '@mikro-orm/postgresql';
import { logger } from '../../../platform/logger.ts';
import { shownDisplayName } from '../../accounts/core/shownProfile.ts';
import type { PushConfig } from './config.ts';
import { isPushed, type PushPayload, pushPayloadOf } from './payload.ts';

/** A subscription as web-push takes it (the browser's PushSubscription JSON). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  vapid: NonNullable<PushConfig['vapid']>;
  /** Seconds the push service keeps it for a device that is off. */
  ttl: number;
  /** Push services replace an undelivered push with a newer one of the same topic. */
  topic: string;
}

/** What the push service answered (null: no answer: a network failure or timeout, in `error`). */
export interface PushOutcome {
  statusCode: number | null;
  error: string | null;
}

/** Encrypts and posts one push (providers/httpPushSender.ts; injected, as core imports no provider). */
export type PushSend = (target: PushTarget, payload: string, options: PushOptions) => Promise<PushOutcome>;

/**
 * A socket seen this recently counts as an open tab. Sockets are refreshed every
 * WS_SESSION_RECHECK_SECONDS (60 at most; platform/sessionSockets.ts), so this leaves room for a
 * late refresh and takes a process that died without closing its sockets for gone after a while.
 */
const OPEN_TAB_WINDOW = '3 minutes';

/** Kept a day: news of a finished video or a message a day late is still news; later it's noise. */
const TTL_SECONDS = 24 * 60 * 60;

/** Whether the person has a Chorus tab open now: a signed-in WebSocket in any api process. */
export async function hasOpenTab(em: EntityManager, userId: string): Promise<boolean> {
  const [row] = await em.execute<{ open: boolean }[]>(
    `select exists (select 1 from open_sockets where user_id = ? and seen_at > now() - interval '${OPEN_TAB_WINDOW}') as open`,
    [userId],
  );
  return Boolean(row?.open);
}

export type PushResult =
  | 'push off'
  | 'gone'
  | 'not pushed'
  | 'read'
  | 'muted'
  | 'notifications off'
  | 'tab open'
  | 'no subscriptions'
  | `sent ${number}/${number}`;

/**
 * The worker's half (job send_push): pushes a notification to its person's browsers when they have
 * no tab open, their account allows notifications and the kind isn't muted (each checked now, when
 * it is sent, not when it was written). A subscription the push service says is gone (404, 410) is
 * deleted; one whose session ended is deleted unsent. When every send failed for a reason that may
 * pass (the service down, a timeout), it throws so graphile-worker tries again later.
 */
export async function deliverPush(
  em: EntityManager,
  config: PushConfig,
  send: PushSend,
  notificationId: string,
): Promise<PushResult> {
  if (!config.vapid) return 'push off';
  const [n] = await em.execute<Record<string, unknown>[]>(
    `select n.id, n.user_id, n.kind, n.count, n.target_id, n.data, n.read_at,
            coalesce(${shownDisplayName('a')}, a.username) as actor,
            coalesce((u.settings->>'allowNotifications')::boolean, true) as allowed,
            u.settings->>'language' as language,
            exists (select 1 from notification_mutes m where m.user_id = n.user_id and m.kind = n.kind) as muted
       from notifications n join users u on u.id = n.user_id left join users a on a.id = n.actor_id
      where n.id = ?`,
    [notificationId],
  );
  if (!n) return 'gone';
  const kind = n.kind as string;
  if (!isPushed(kind)) return 'not pushed';
  if (n.read_at) return 'read';
  if (n.muted) return 'muted';
  if (!n.allowed) return 'notifications off';
  const userId = n.user_id as string;
  if (await hasOpenTab(em, userId)) return 'tab open';

  // Only the subscriptions of sessions still signed in; the others' browsers were signed out.
  await em.execute(
    `delete from push_subscriptions p where p.user_id = ? and not exists (
       select 1 from sessions s
        where s.sess->>'userId' = ? and s.expire > now()
          and encode(sha256(convert_to(s.sid, 'UTF8')), 'hex') = p.session_hash)`,
    [userId, userId],
  );
  const subs = await em.execute<{ id: string; endpoint: string; p256dh: string; auth: string }[]>(
    'select id, endpoint, p256dh, auth from push_subscriptions where user_id = ? order by updated_at desc',
    [userId],
  );
  if (subs.length === 0) return 'no subscriptions';

  const payload: PushPayload = pushPayloadOf(
    {
      id: n.id as string,
      kind,
      count: Number(n.count),
      targetId: (n.target_id as string | null) ?? null,
      data: (n.data as Record<string, unknown>) ?? {},
      actor: (n.actor as string | null) ?? null,
    },
    (n.language as string | null) ?? 'en',
  );
  const options: PushOptions = {
    vapid: config.vapid,
    ttl: TTL_SECONDS,
    topic: Buffer.from(payload.tag).toString('base64url').slice(0, 32),
  };
  const outcomes = await Promise.all(
    subs.map(async (s) => ({
      sub: s,
      outcome: await send(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        JSON.stringify(payload),
        options,
      ),
    })),
  );
  let sent = 0;
  let passing = 0;
  for (const { sub, outcome } of outcomes) {
    const code = outcome.statusCode;
    if (code !== null && code >= 200 && code < 300) sent++;
    else if (code === 404 || code === 410) {
      // The browser unsubscribed or the subscription expired: it will never take one again.
      await em.execute('delete from push_subscriptions where id = ?', [sub.id]);
    } else {
      if (code === null || code === 429 || code >= 500) passing++;
      logger.warn(
        { status: code, error: outcome.error, host: new URL(sub.endpoint).host },
        'push not delivered',
      );
    }
  }
  if (sent === 0 && passing > 0)
    throw new Error(`push not delivered to ${passing} subscription(s); trying again`);
  return `sent ${sent}/${subs.length}`;
}
