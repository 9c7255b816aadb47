import type { EntityManager } from '@mikro-orm/postgresql';
import { type DeliveryConfig, emailTransportOf } from '../../../platform/mail.ts';
import { queueOutboxMessage } from '../../social/core/outbox.ts';

/**
 * Account e-mails (reset and verification links) go the invitations' way: a row in the outbox and
 * a delivery job, in one transaction, sent by the worker over SMTP_URL. Without SMTP_URL the
 * message stays in the local outbox and the worker writes it to the server log; it is never part
 * of an HTTP answer (the outbox preview page shows invitations only).
 */
export interface AccountMailDeps {
  config: DeliveryConfig & { publicUrl: string };
}

export const resetLinkOf = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
export const verifyLinkOf = (publicUrl: string, token: string) =>
  `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

export function resetEmail(name: string, link: string, minutes: number) {
  return {
    subject: 'Reset your Chorus password',
    text: `Hi ${name},\n\nSomeone (hopefully you) asked to reset the password of your Chorus account. Open this link within ${minutes} minutes to choose a new one:\n\n${link}\n\nThe link works once. If you didn't ask for it, ignore this e-mail: your password stays as it is.\n`,
  };
}

export function verifyEmail(name: string, link: string) {
  return {
    subject: 'Confirm your e-mail address for Chorus',
    text: `Hi ${name},\n\nPlease confirm that this is your e-mail address by opening this link:\n\n${link}\n\nUntil then you can chat as usual, but not send invitations or buy a plan. If you didn't sign up for Chorus, ignore this e-mail.\n`,
  };
}

/** Queues one account e-mail to `to` (in `em`'s transaction when there is one). */
export async function queueAccountEmail(
  em: EntityManager,
  deps: AccountMailDeps,
  userId: string,
  to: string,
  content: { subject: string; text: string },
): Promise<void> {
  await queueOutboxMessage(em, {
    userId,
    channel: 'email',
    transport: emailTransportOf(deps.config),
    recipient: to,
    ...content,
  });
}
