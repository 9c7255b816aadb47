import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { decodeKeyset, encodeKeyset, keysetAt } from '../../../platform/keysetCursor.ts';
import { parseInput } from '../../../platform/validation.ts';
import { addJob } from '../../jobs/addJob.ts';
import { getEndpoint } from './endpoints.ts';
import { DELIVERY_LOG_KEEP, type WebhookDeliveryType, type WebhookEventType } from './events.ts';

/**
 * Deliveries: one row per event per endpoint, its body written once (the exact text that is signed
 * and sent on every attempt: text, not jsonb, which would reorder its keys), and a job for the
 * worker queued in the same transaction as the change the event tells of (jobs/addJob.ts).
 */

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryAttemptView {
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  createdAt: Date;
}

export interface DeliveryView {
  id: string;
  endpointId: string;
  type: WebhookDeliveryType;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  attemptLog: DeliveryAttemptView[];
}

type DeliveryRow = {
  id: string;
  endpoint_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  at: string;
  attempt_log: Array<{
    attempt: number;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    created_at: string;
  }> | null;
};

const DELIVERY_COLUMNS = `d.id, d.endpoint_id, d.event_type, d.status, d.attempts, d.last_status_code, d.last_error,
  d.next_attempt_at, d.created_at, ${keysetAt('d.created_at')} as at,
  (select json_agg(json_build_object('attempt', a.attempt, 'status_code', a.status_code, 'duration_ms', a.duration_ms,
      'error', a.error, 'created_at', a.created_at) order by a.attempt)
     from webhook_delivery_attempts a where a.delivery_id = d.id) as attempt_log`;

const viewOf = (row: DeliveryRow): DeliveryView => ({
  id: row.id,
  endpointId: row.endpoint_id,
  type: row.event_type as WebhookDeliveryType,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.last_status_code,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at) : null,
  createdAt: new Date(row.created_at),
  attemptLog: (row.attempt_log ?? []).map((a) => ({
    attempt: a.attempt,
    statusCode: a.status_code,
    durationMs: a.duration_ms,
    error: a.error,
    createdAt: new Date(a.created_at),
  })),
});

/** Writes one delivery of `type` to `endpointId` and queues its first attempt (in `em`'s transaction). */
async function queueDelivery(
  em: EntityManager,
  endpointId: string,
  type: WebhookDeliveryType,
  data: Record<string, unknown>,
): Promise<string> {
  const id = randomUUID();
  // The receiver's idempotency key is the delivery's id: the same on every retry of it.
  const body = JSON.stringify({ id, type, createdAt: new Date().toISOString(), data });
  await em.execute(`insert into webhook_deliveries (id, endpoint_id, event_type, body) values (?, ?, ?, ?)`, [
    id,
    endpointId,
    type,
    body,
  ]);
  await addJob(
    em,
    'deliver_webhook',
    { deliveryId: id, attempt: 1 },
    { jobKey: `webhook:${id}:1`, maxAttempts: 3 },
  );
  // The log keeps the latest DELIVERY_LOG_KEEP; older finished ones go (pending ones stay until they end).
  await em.execute(
    `delete from webhook_deliveries where endpoint_id = ? and status <> 'pending' and id not in (
       select id from webhook_deliveries where endpoint_id = ? order by created_at desc, id desc limit ?)`,
    [endpointId, endpointId, DELIVERY_LOG_KEEP],
  );
  return id;
}

/**
 * Queues `type` to every endpoint of `userId` that subscribes to it, in `em`'s transaction: called by
 * the module's hook reactions (module.ts), in the transaction of the change the event tells of.
 */
export async function queueEvent(
  em: EntityManager,
  userId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<number> {
  const endpoints = await em.execute<{ id: string }[]>(
    'select id from webhook_endpoints where user_id = ? and ? = any(events)',
    [userId, type],
  );
  for (const endpoint of endpoints) await queueDelivery(em, endpoint.id, type, data);
  return endpoints.length;
}

async function deliveryById(em: EntityManager, id: string): Promise<DeliveryView> {
  const [row] = await em.execute<DeliveryRow[]>(
    `select ${DELIVERY_COLUMNS} from webhook_deliveries d where d.id = ?`,
    [id],
  );
  return viewOf(row!);
}

/** Test deliveries one endpoint may be sent per minute. */
export const TESTS_PER_MINUTE = 5;

/** "Send test": a `ping` delivery to an endpoint of the person's, whatever it subscribes to. */
export async function sendTestDelivery(
  em: EntityManager,
  userId: string,
  endpointId: string,
): Promise<DeliveryView> {
  const endpoint = await getEndpoint(em, userId, endpointId);
  // A test posts to a URL the person chose: a few a minute, so the button is no way to flood a server.
  const [recent] = await em.execute<{ count: string }[]>(
    `select count(*) from webhook_deliveries
      where endpoint_id = ? and event_type = 'ping' and created_at > now() - interval '1 minute'`,
    [endpoint.id],
  );
  if (Number(recent?.count ?? 0) >= TESTS_PER_MINUTE)
    throw new AppError(
      'RATE_LIMITED',
      msg('Too many test deliveries: wait a minute before sending another'),
      {
        retryAfter: 60,
      },
    );
  const id = await em.transactional((tx) =>
    queueDelivery(tx, endpoint.id, 'ping', {
      endpointId: endpoint.id,
      message: 'A test delivery from Chorus',
    }),
  );
  return deliveryById(em, id);
}

const pageInput = z.object({
  cursor: z
    .string({ error: msg('cursor must be text') })
    .max(200, msg('Invalid cursor'))
    .optional(),
  limit: z.coerce
    .number({ error: msg('limit must be a whole number from 1 to 100') })
    .int(msg('limit must be a whole number from 1 to 100'))
    .min(1, msg('limit must be a whole number from 1 to 100'))
    .max(100, msg('limit must be a whole number from 1 to 100'))
    .optional(),
});

export interface DeliveryPage {
  deliveries: DeliveryView[];
  nextCursor: string | null;
}

/** An endpoint's deliveries, newest first, by pages (`cursor` from the last page's nextCursor). */
export async function listDeliveries(
  em: EntityManager,
  userId: string,
  endpointId: string,
  input: unknown,
): Promise<DeliveryPage> {
  const { cursor, limit = 20 } = parseInput(pageInput, input);
  const endpoint = await getEndpoint(em, userId, endpointId);
  const after = cursor ? decodeKeyset(cursor, 'cursor') : null;
  const rows = await em.execute<DeliveryRow[]>(
    `select ${DELIVERY_COLUMNS} from webhook_deliveries d
      where d.endpoint_id = ?${after ? ' and (d.created_at, d.id) < (?::timestamptz, ?::uuid)' : ''}
      order by d.created_at desc, d.id desc limit ?`,
    [endpoint.id, ...(after ? [after.at, after.id] : []), limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    deliveries: page.map(viewOf),
    nextCursor: rows.length > limit && last ? encodeKeyset({ at: last.at, id: last.id }) : null,
  };
}
