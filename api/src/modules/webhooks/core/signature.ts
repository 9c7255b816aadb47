import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of every webhook Chorus sends, Stripe's scheme: the header
 * `Chorus-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`.
 * Signing the time with the body lets a receiver refuse an old request replayed (the tolerance).
 */

export const SIGNATURE_HEADER = 'Chorus-Signature';

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header's value for `body` sent at `timestamp` (unix seconds). */
export function chorusSignatureHeader(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/**
 * What a receiver runs on each request (this is the code the webhooks page shows): true when
 * `header` (Chorus-Signature) signs `body` (the raw text, before any JSON parsing) with `secret`,
 * and its time is within `toleranceSec` of now.
 */
export function verifyChorusSignature(
  secret: string,
  header: string | null | undefined,
  body: string | Buffer,
  toleranceSec = 300,
  now = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) return false;
  if (Math.abs(now - timestamp) > toleranceSec) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body.toString()), 'hex');
  return candidates.some((c) => timingSafeEqual(Buffer.from(c, 'hex'), expected));
}
