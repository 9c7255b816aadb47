import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Loads `.env` from the repo root when present (real environment variables win). */
export function loadDotEnv(root: string): void {
  const file = path.join(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * A session secret that survives restarts (so sign-ins survive them too) without anyone having to
 * invent one: generated once into .data/.
 */
export function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * A new Web Push VAPID key pair, as `npx web-push generate-vapid-keys` makes it: a P-256 public key
 * (uncompressed, 65 bytes) and its private key (32 bytes), both URL-safe base64.
 */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    // 32 bytes always: a key with leading zero bytes comes back shorter.
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
  };
}

/**
 * Web Push's VAPID key pair for a local run (api/src/modules/push), so push works with no setup:
 * made once into .data/ and kept, since a new pair would end every browser's subscription.
 */
export function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  const keys = newVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
