import { randomBytes } from 'node:crypto';
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
