import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * An endpoint's signing secret is shown once and kept encrypted (AES-256-GCM) with a key derived from
 * WEBHOOKS_SECRET_KEY, or SESSION_SECRET (as accounts' two-factor secrets are), so a copy of the
 * database alone can't sign requests. The worker derives the same key from its own environment.
 */

export const newEndpointSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export const sealingKey = (material: string) =>
  Buffer.from(hkdfSync('sha256', material, 'chorus', 'webhook-endpoint-secret', 32));

export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A short, harmless fingerprint to tell secrets apart in the UI (never the secret's start). */
export const secretHint = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 8);
