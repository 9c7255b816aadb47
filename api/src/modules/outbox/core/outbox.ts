import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { logger } from '../../../platform/logger.ts';
import { type DeliveryConfig, sendEmail, sendSms } from '../../../platform/mail.ts';
import { addJob } from '../../jobs/addJob.ts';

/**
 * The outbox: every e-mail and text message the product sends (invitations, account links) is a row
 * here plus a delivery job, written in the caller's transaction; the worker delivers it by the
 * transport chosen when it was written (SMTP, Twilio, or kept in the local outbox with a preview page).
 */

export type OutboxChannel = 'email' | 'sms';
export type OutboxTransport = 'smtp' | 'twilio' | 'outbox';

export const outboxPreviewPath = (id: string) => `/api/outbox/${id}`;

export interface OutboxMessageInput {
  userId: string;
  /** The invitation it carries; none for an account e-mail. */
  invitationId?: string | null;
  channel: OutboxChannel;
  transport: OutboxTransport;
  recipient: string;
  subject: string | null;
  text: string;
  html?: string | null;
}

/** Writes one message and its delivery job (in `em`'s transaction when there is one); returns its id. */
export async function queueOutboxMessage(em: EntityManager, message: OutboxMessageInput): Promise<string> {
  const [outbox] = await em.execute<{ id: string }[]>(
    `insert into outbox_messages (id, user_id, invitation_id, channel, transport, recipient, subject, text, html)
     values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      message.userId,
      message.invitationId ?? null,
      message.channel,
      message.transport,
      message.recipient,
      message.subject,
      message.text,
      message.html ?? null,
    ],
  );
  await addJob(em, 'deliver_outbox_message', { outboxId: outbox!.id }, { jobKey: `outbox:${outbox!.id}` });
  return outbox!.id;
}

export interface OutboxView {
  id: string;
  channel: OutboxChannel;
  transport: OutboxTransport;
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  status: string;
  createdAt: Date;
}

/**
 * An outbox message, to its user only: an invitation they sent, or an account e-mail of theirs kept
 * in the local outbox (no SMTP_URL: the preview is the only way to read it).
 */
export async function getOutboxMessage(em: EntityManager, userId: string, id: string): Promise<OutboxView> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id)
    ? await em.execute<Record<string, unknown>[]>(
        `select id, channel, transport, recipient, subject, text, html, status, created_at
           from outbox_messages where id = ? and user_id = ? and (invitation_id is not null or transport = 'outbox')`,
        [id, userId],
      )
    : [];
  if (!row) throw notFound(msg('Message not found'));
  return {
    id: row.id as string,
    channel: row.channel as OutboxView['channel'],
    transport: row.transport as OutboxView['transport'],
    recipient: row.recipient as string,
    subject: row.subject as string | null,
    text: row.text as string,
    html: row.html as string | null,
    status: row.status as string,
    createdAt: new Date(row.created_at as string | Date),
  };
}

/**
 * The worker's half: delivers a queued outbox message by the transport chosen when it was
 * written. A failure is recorded and rethrown so graphile-worker retries it with back-off.
 */
export async function deliverOutboxMessage(
  em: EntityManager,
  outboxId: string,
  config: DeliveryConfig,
): Promise<'sent' | 'stored' | 'skipped'> {
  const [row] = await em.execute<
    {
      channel: string;
      transport: string;
      recipient: string;
      subject: string | null;
      text: string;
      html: string | null;
      status: string;
      invitation_id: string | null;
    }[]
  >(
    'select channel, transport, recipient, subject, text, html, status, invitation_id from outbox_messages where id = ?',
    [outboxId],
  );
  if (row?.status !== 'queued') return 'skipped';
  const accountMail = row.invitation_id === null;
  if (row.transport === 'outbox') {
    // Without SMTP an account e-mail is read from its preview (signed in) or the server log.
    if (accountMail)
      logger.info(
        { to: row.recipient, subject: row.subject, text: row.text },
        'account e-mail (no SMTP_URL)',
      );
    await em.execute(`update outbox_messages set status = 'stored' where id = ?`, [outboxId]);
    return 'stored';
  }
  try {
    const providerId =
      row.transport === 'smtp'
        ? await sendEmail(config, {
            to: row.recipient,
            subject: row.subject ?? '',
            text: row.text,
            html: row.html,
          })
        : await sendSms(config, row.recipient, row.text);
    // Once sent, an account link's token is of no use here: only its hash is kept (account_tokens).
    // Blanked in the same statement that marks the row sent, so no sent row ever holds one.
    await em.execute(
      `update outbox_messages
         set status = 'sent', provider_id = ?, sent_at = now(), error = null,
             text = case when ? then regexp_replace(text, 'token=[A-Za-z0-9_%-]+', 'token=[sent]', 'g') else text end
       where id = ?`,
      [providerId, accountMail, outboxId],
    );
    return 'sent';
  } catch (err) {
    await em.execute('update outbox_messages set error = ? where id = ?', [
      String((err as Error).message),
      outboxId,
    ]);
    throw err;
  }
}
