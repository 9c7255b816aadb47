import { expect } from 'vitest';
import { uniqueName, useStarted, useTestApp, useTestWorker } from './app.ts';
import { HttpClient } from './client.ts';
import { startFakeSmtp } from './fakeSmtp.ts';
import { db } from './users.ts';

/** The public origin the mailed links start with. */
export const PUBLIC_URL = 'http://chorus.test';

/** Quoted-printable soft line breaks and `=` undone, so a mailed link reads whole. */
export const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/**
 * For the tests of a file: the api and a worker delivering account mail to a real SMTP server
 * (smtp-server), and browsers on addresses of their own (`10.<subnet>.x.y`; the app trusts
 * X-Forwarded-For), so per-address mail limits never meet. Read inside tests and hooks only.
 */
export function useMailingApp(subnet: number, env: Record<string, string> = {}) {
  const smtp = useStarted(startFakeSmtp);
  const delivery = () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Chorus <hello@chorus.test>' });
  const app = useTestApp(() => ({ ...delivery(), PUBLIC_URL, TRUST_PROXY: '1', ...env }));
  useTestWorker(() => ({ WORKER_CONCURRENCY: 1, ...delivery() }));

  let ipCounter = 1;
  const browser = () =>
    new HttpClient(app.url, `10.${subnet}.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`);
  const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

  return {
    app,
    smtp,
    browser,
    mailsTo,
    /** A new account on a browser of its own, its address verified unless `verified: false`. */
    async signUp(prefix: string, options: { verified?: boolean } = {}) {
      const client = browser();
      const username = uniqueName(prefix);
      const email = `${username}@example.org`;
      const res = await client.post('/api/auth/register', { username, email, password: 'secret123' });
      expect(res.status).toBe(201);
      if (options.verified !== false)
        await db().query('update users set email_verified_at = now() where id = $1', [res.body.id]);
      return { client, username, email, userId: res.body.id as string };
    },
    /** A login from a new browser: its client and the answer's status. */
    async logIn(username: string, password = 'secret123') {
      const client = browser();
      const res = await client.post('/api/auth/login', { username, password });
      return { client, status: res.status };
    },
    /** The token of the newest e-mail to `to` whose link path is `path`, once more than `after` have come. */
    async linkIn(to: string, path: string, after = 0): Promise<string> {
      const pattern = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}${path}\\?token=([A-Za-z0-9_-]+)`);
      const matching = () => mailsTo(to).filter((m) => pattern.test(unfold(m.raw)));
      await expect.poll(() => matching().length, { timeout: 20_000 }).toBeGreaterThan(after);
      return pattern.exec(unfold(matching().at(-1)!.raw))![1]!;
    },
  };
}
