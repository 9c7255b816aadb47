import type { EntityManager } from '@mikro-orm/postgresql';
import { type DeliveryConfig, emailTransportOf } from '../../../platform/mail.ts';
import { outboxPreviewPath, queueOutboxMessage } from '../../outbox/core/outbox.ts';

/**
 * Account e-mails (reset and verification links, address-change notices) go the invitations' way:
 * a row in the outbox and a delivery job, in one transaction, sent by the worker over SMTP_URL.
 * Without SMTP_URL the message stays in the local outbox: its owner can open its preview
 * (`/api/outbox/{id}`, signed in as that account; the verify banner links to it) and the worker
 * writes it to the server log. Its link is never part of an answer to anyone else.
 */
export interface AccountMailDeps {
  config: DeliveryConfig & { publicUrl: string };
  /** Where the links point: http/linkOrigin.ts (PUBLIC_URL, or this server as the user reached it). */
  origin?: string;
}

const originOf = (deps: AccountMailDeps) => deps.origin ?? deps.config.publicUrl;
export const resetLinkOf = (deps: AccountMailDeps, token: string) =>
  `${originOf(deps)}/reset-password?token=${encodeURIComponent(token)}`;
export const verifyLinkOf = (deps: AccountMailDeps, token: string) =>
  `${originOf(deps)}/verify-email?token=${encodeURIComponent(token)}`;
export const undoLinkOf = (deps: AccountMailDeps, token: string) =>
  `${originOf(deps)}/undo-email-change?token=${encodeURIComponent(token)}`;

export function resetEmail(name: string, link: string, minutes: number) {
  return {
    subject: 'Reset your Chorus password',
    text: `Hi ${name},\n\nSomeone (hopefully you) asked to reset the password of your Chorus account. Open this link within ${minutes} minutes to choose a new one:\n\n${link}\n\nThe link works once. If you didn't ask for it, ignore this e-mail: your password stays as it is.\n`,
  };
}

export function verifyEmail(name: string, link: string) {
  return {
    subject: 'Confirm your e-mail address for Chorus',
    text: `Hi ${name},\n\nPlease confirm that this is your e-mail address by opening this link:\n\n${link}\n\nUntil then you can chat as usual, but not send invitations. If you didn't sign up for Chorus, ignore this e-mail.\n`,
  };
}

/** To the address an account just left: who it went to, and the way back. */
export function emailChangedNotice(name: string, newAddress: string, link: string, hours: number) {
  return {
    subject: 'Your Chorus e-mail address was changed',
    text: `Hi ${name},\n\nThe e-mail address of your Chorus account was just changed from this one to ${newAddress}.\n\nIf that was you, there is nothing to do.\n\nIf it wasn't, open this link within ${hours} hours: it puts this address back, signs every device out of the account, and lets you choose a new password.\n\n${link}\n\nThe link works once.\n`,
  };
}

/** Queues one account e-mail to `to` (in `em`'s transaction when there is one); answers its preview path when kept locally. */
export async function queueAccountEmail(
  em: EntityManager,
  deps: AccountMailDeps,
  userId: string,
  to: string,
  content: { subject: string; text: string },
): Promise<string | null> {
  const transport = emailTransportOf(deps.config);
  const id = await queueOutboxMessage(em, { userId, channel: 'email', transport, recipient: to, ...content });
  return transport === 'outbox' ? outboxPreviewPath(id) : null;
}
