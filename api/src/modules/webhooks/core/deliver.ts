import type { EntityManager } from '@mikro-orm/postgresql';
import { checkOutboundUrl } from '../../../platform/outboundUrl.ts';
import { addJob } from '../../jobs/addJob.ts';
import { openSecret } from './secrets.ts';
import { chorusSignatureHeader } from './signature.ts';

/** One attempt's outcome: the receiver's status (null without an answer) or what went wrong. */
export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Posts `body` to `url` with `headers` (providers/httpSender.ts; injected so core talks to no network). */
export type WebhookSender = (
  url: string,
  headers: Record<string, string>,
  body: string,
) => Promise<SendOutcome>;

export interface DeliverDeps {
  send: WebhookSender;
  secretKey: Buffer | null;
  allowPrivateTargets: boolean;
  /** Seconds to wait before each retry; one attempt more than there are delays, then failed. */
  retryDelaysSeconds: number[];
}

/**
 * The worker's half: one attempt at a delivery. A 2xx ends it; anything else (a status, a timeout,
 * a refused address) is logged as an attempt and the next one queued after its delay, until the
 * delays run out and the delivery is marked failed. The task never throws for a receiver's failure:
 * the waits are ours (about an hour in all), not graphile-worker's exponential ones.
 */
export async function deliverWebhook(
  em: EntityManager,
  deps: DeliverDeps,
  deliveryId: string,
  attempt: number,
): Promise<'succeeded' | 'retrying' | 'failed' | 'skipped'> {
  const [row] = await em.execute<
    {
      event_type: string;
      body: string;
      status: string;
      attempts: number;
      url: string;
      secret_sealed: string;
    }[]
  >(
    `select d.event_type, d.body, d.status, d.attempts, e.url, e.secret_sealed
       from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where d.id = ?`,
    [deliveryId],
  );
  // Gone (endpoint deleted), ended, or this attempt already made (a job run twice).
  if (row?.status !== 'pending' || row.attempts !== attempt - 1) return 'skipped';
  let outcome: SendOutcome;
  const refused = await checkOutboundUrl(row.url, {
    allowPrivate: deps.allowPrivateTargets,
    // A name's addresses are checked when connecting (safeLookup), on the ones connected to.
    literalOnly: true,
  });
  if (refused) outcome = { statusCode: null, error: `refused: ${refused}`, durationMs: 0 };
  else {
    let secret: string;
    try {
      if (!deps.secretKey) throw new Error('no key');
      secret = openSecret(deps.secretKey, row.secret_sealed);
    } catch {
      outcome = {
        statusCode: null,
        error: 'the endpoint secret could not be read (was the key changed?)',
        durationMs: 0,
      };
      return record(em, deps, deliveryId, attempt, outcome);
    }
    outcome = await deps.send(
      row.url,
      {
        'Content-Type': 'application/json',
        'User-Agent': 'Chorus-Webhooks/1',
        'Chorus-Event': row.event_type,
        'Chorus-Webhook-Id': deliveryId,
        'Chorus-Signature': chorusSignatureHeader(secret, row.body),
      },
      row.body,
    );
  }
  return record(em, deps, deliveryId, attempt, outcome);
}

async function record(
  em: EntityManager,
  deps: DeliverDeps,
  deliveryId: string,
  attempt: number,
  outcome: SendOutcome,
): Promise<'succeeded' | 'retrying' | 'failed'> {
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const delay = deps.retryDelaysSeconds[attempt - 1];
  const status = ok ? 'succeeded' : delay === undefined ? 'failed' : 'retrying';
  const nextAt = status === 'retrying' ? new Date(Date.now() + delay! * 1000) : null;
  const error = ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`);
  await em.transactional(async (tx) => {
    await tx.execute(
      `insert into webhook_delivery_attempts (delivery_id, attempt, status_code, duration_ms, error) values (?, ?, ?, ?, ?)`,
      [deliveryId, attempt, outcome.statusCode, outcome.durationMs, error],
    );
    await tx.execute(
      `update webhook_deliveries set attempts = ?, status = ?, last_status_code = ?, last_error = ?,
         next_attempt_at = ?, updated_at = now() where id = ?`,
      [attempt, status === 'retrying' ? 'pending' : status, outcome.statusCode, error, nextAt, deliveryId],
    );
    if (nextAt)
      await addJob(
        tx,
        'deliver_webhook',
        { deliveryId, attempt: attempt + 1 },
        { jobKey: `webhook:${deliveryId}:${attempt + 1}`, runAt: nextAt, maxAttempts: 3 },
      );
  });
  return status;
}
