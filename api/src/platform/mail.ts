import nodemailer from 'nodemailer';
import { z } from 'zod';

/**
 * Outgoing email (nodemailer over SMTP) and SMS (Twilio's REST API). Both are optional: with
 * neither configured, messages stay in the local outbox (a table with a preview page), so
 * invitations work on a laptop with no accounts anywhere. The api and the worker read the same
 * settings: the api decides how a message will travel when it writes it, the worker delivers it.
 */
export const deliveryConfigShape = {
  /** smtp://user:pass@host:587 or smtps://…; unset keeps email in the local outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Chorus <no-reply@chorus.local>'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM_NUMBER: z.string().optional(),
  /** Twilio's API origin; changed only to point at a test double. */
  TWILIO_API_BASE: z.string().url().default('https://api.twilio.com'),
  /** Invitations (email + SMS) one user may send in 24 hours. */
  INVITES_PER_DAY: z.coerce.number().int().min(1).default(20),
};

const deliverySchema = z.object(deliveryConfigShape);
export type DeliveryConfig = z.infer<typeof deliverySchema>;

export const emailTransportOf = (c: Pick<DeliveryConfig, 'SMTP_URL'>) => (c.SMTP_URL ? 'smtp' : 'outbox');
export const smsTransportOf = (c: DeliveryConfig) =>
  c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN && c.TWILIO_FROM_NUMBER ? 'twilio' : 'outbox';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Sends one email over SMTP; returns the Message-ID. */
export async function sendEmail(config: DeliveryConfig, message: EmailMessage): Promise<string> {
  if (!config.SMTP_URL) throw new Error('SMTP_URL is not set');
  const transport = nodemailer.createTransport(config.SMTP_URL);
  try {
    const info = await transport.sendMail({
      from: config.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
    });
    return info.messageId;
  } finally {
    transport.close();
  }
}

/** Sends one SMS through Twilio's Messages API; returns the message SID. */
export async function sendSms(config: DeliveryConfig, to: string, body: string): Promise<string> {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM_NUMBER: from } = config;
  if (!sid || !token || !from) throw new Error('Twilio is not configured');
  const url = `${config.TWILIO_API_BASE.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ To: to, From: from, Body: body }),
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
  if (!res.ok || !json.sid) throw new Error(`Twilio answered ${res.status}: ${json.message ?? 'no message'}`);
  return json.sid;
}
