import type { EntityManager } from '@mikro-orm/postgresql';
import { msg, translate } from '../../../platform/i18n.ts';
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

/*
 * The e-mails are written in their recipient's language (the account's setting; English when it
 * follows the browser's, which a mail can't know): api/src/platform/i18n.ts.
 */

export function resetEmail(language: string, name: string, link: string, minutes: number) {
  return {
    subject: translate(language, msg('Reset your Chorus password')),
    text: translate(
      language,
      msg(
        "Hi {name},\n\nSomeone (hopefully you) asked to reset the password of your Chorus account. Open this link within {minutes} minutes to choose a new one:\n\n{link}\n\nThe link works once. If you didn't ask for it, ignore this e-mail: your password stays as it is.\n",
      ),
      { name, link, minutes },
    ),
  };
}

/** The verification mail's subject (also how the verify banner finds the last one: security.ts). */
export const VERIFY_SUBJECT = msg('Confirm your e-mail address for Chorus');

export function verifyEmail(language: string, name: string, link: string) {
  return {
    subject: translate(language, VERIFY_SUBJECT),
    text: translate(
      language,
      msg(
        "Hi {name},\n\nPlease confirm that this is your e-mail address by opening this link:\n\n{link}\n\nUntil then you can chat as usual, but not send invitations. If you didn't sign up for Chorus, ignore this e-mail.\n",
      ),
      { name, link },
    ),
  };
}

/** To the address an account just left: who it went to, and the way back. */
export function emailChangedNotice(
  language: string,
  name: string,
  newAddress: string,
  link: string,
  hours: number,
) {
  return {
    subject: translate(language, msg('Your Chorus e-mail address was changed')),
    text: translate(
      language,
      msg(
        "Hi {name},\n\nThe e-mail address of your Chorus account was just changed from this one to {newAddress}.\n\nIf that was you, there is nothing to do.\n\nIf it wasn't, open this link within {hours} hours: it puts this address back, signs every device out of the account, and lets you choose a new password.\n\n{link}\n\nThe link works once.\n",
      ),
      { name, newAddress, link, hours },
    ),
  };
}

/** The language an account's mails are written in (its setting; English when it has none). */
export async function mailLanguageOf(em: EntityManager, userId: string): Promise<string> {
  const [row] = await em.execute<{ language: string | null }[]>(
    `select settings->>'language' as language from users where id = ?`,
    [userId],
  );
  return row?.language ?? 'en';
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
