import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badInput, notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { checkOutboundUrl } from '../../../platform/outboundUrl.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { MAX_ENDPOINTS_PER_USER, WEBHOOK_EVENTS, type WebhookEventType } from './events.ts';
import { newEndpointSecret, sealSecret, secretHint } from './secrets.ts';

/** What the endpoints' services need from the settings (module.ts builds it once per process). */
export interface WebhookConfig {
  allowPrivateTargets: boolean;
  /** The key the endpoints' secrets are sealed with (core/secrets.ts); null without SESSION_SECRET or WEBHOOKS_SECRET_KEY. */
  secretKey: Buffer | null;
}

export interface EndpointView {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  /** A fingerprint of the secret, to tell which one a receiver holds; never the secret. */
  secretHint: string;
  createdAt: Date;
}

const ENDPOINT_COLUMNS = 'id, url, description, events, secret_hint, created_at';

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  events: string[];
  secret_hint: string;
  created_at: Date | string;
};

const viewOf = (row: EndpointRow): EndpointView => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events as WebhookEventType[],
  secretHint: row.secret_hint,
  createdAt: new Date(row.created_at),
});

const endpointInput = z.object({
  url: z
    .string({ error: msg('Enter the URL to send events to') })
    .trim()
    .min(1, msg('Enter the URL to send events to'))
    .max(2000, msg('The URL is too long (2000 characters at most)')),
  description: z
    .string({ error: msg('The description must be text') })
    .trim()
    .max(200, msg('The description is too long (200 characters at most)'))
    .optional()
    .default(''),
  events: z
    .array(
      z.enum(WEBHOOK_EVENTS, {
        error: (issue) =>
          `Unknown event ${JSON.stringify(issue.input)}: choose from ${WEBHOOK_EVENTS.join(', ')}`,
      }),
      { error: msg('events must be a list of event names') },
    )
    .min(1, msg('Choose at least one event'))
    .max(WEBHOOK_EVENTS.length),
});

/** The person's endpoints, oldest first. */
export async function listEndpoints(em: EntityManager, userId: string): Promise<EndpointView[]> {
  const rows = await em.execute<EndpointRow[]>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoints where user_id = ? order by created_at, id`,
    [userId],
  );
  return rows.map(viewOf);
}

/** One endpoint of the person's; another person's, or none, is a 404 (so ids are not probed). */
export async function getEndpoint(em: EntityManager, userId: string, id: string): Promise<EndpointView> {
  const [row] = isUuid(id)
    ? await em.execute<EndpointRow[]>(
        `select ${ENDPOINT_COLUMNS} from webhook_endpoints where id = ? and user_id = ?`,
        [id, userId],
      )
    : [];
  if (!row) throw notFound(msg('Webhook endpoint not found'));
  return viewOf(row);
}

/**
 * Adds an endpoint: the URL must be https (http only where private targets are allowed) and reach a
 * public address (platform/outboundUrl.ts). The answer carries its secret, the only time it is shown.
 */
export async function createEndpoint(
  em: EntityManager,
  config: WebhookConfig,
  userId: string,
  input: unknown,
): Promise<{ endpoint: EndpointView; secret: string }> {
  const data = parseInput(endpointInput, input);
  const problem = await checkOutboundUrl(data.url, { allowPrivate: config.allowPrivateTargets });
  if (problem) throw badInput(problem, { field: 'url' });
  if (!config.secretKey) throw new Error('webhooks need SESSION_SECRET or WEBHOOKS_SECRET_KEY');
  const { secretKey } = config;
  const secret = newEndpointSecret();
  const events = [...new Set(data.events)];
  return em.transactional(async (tx) => {
    // Counted under a lock of the person's row, so two adds at once can't pass the limit together.
    await tx.execute('select 1 from users where id = ? for update', [userId]);
    const [{ count }] = (await tx.execute<{ count: string }[]>(
      'select count(*) from webhook_endpoints where user_id = ?',
      [userId],
    )) as [{ count: string }];
    if (Number(count) >= MAX_ENDPOINTS_PER_USER)
      throw textError('BAD_USER_INPUT', msg('You can have at most {max} webhook endpoints'), {
        max: MAX_ENDPOINTS_PER_USER,
      });
    const [row] = await tx.execute<EndpointRow[]>(
      `insert into webhook_endpoints (user_id, url, description, events, secret_sealed, secret_hint)
       values (?, ?, ?, ?::text[], ?, ?) returning ${ENDPOINT_COLUMNS}`,
      [
        userId,
        data.url,
        data.description,
        `{${events.join(',')}}`,
        sealSecret(secretKey, secret),
        secretHint(secret),
      ],
    );
    return { endpoint: viewOf(row!), secret };
  });
}

/** Deletes an endpoint of the person's (its deliveries go with it). */
export async function deleteEndpoint(em: EntityManager, userId: string, id: string): Promise<void> {
  const deleted = isUuid(id)
    ? await em.execute<{ id: string }[]>(
        'delete from webhook_endpoints where id = ? and user_id = ? returning id',
        [id, userId],
      )
    : [];
  if (deleted.length === 0) throw notFound(msg('Webhook endpoint not found'));
}
