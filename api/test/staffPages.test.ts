import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';

/**
 * A direct load of the staff pages (api/src/modules/moderation/http/staffPages.ts through
 * http/web.ts's gated pages): the app shell for staff of the page's rank, the 404 for everyone
 * else. The shell is the web app's source index.html in a dist dir of the test's own (no web build).
 */

const webIndex = fileURLToPath(new URL('../../web/index.html', import.meta.url));

function fakeDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'chorus-dist-'));
  writeFileSync(path.join(dist, 'index.html'), readFileSync(webIndex, 'utf8'));
  return dist;
}

const app = useTestApp(() => ({ WEB_DIST: fakeDist() }));

async function withRole(role: 'user' | 'moderator' | 'admin') {
  const person = await signedUpClient(app.url, { prefix: role.slice(0, 3) });
  if (role === 'user') return person.client;
  await db().query('update users set role = $1 where id = $2', [role, person.userId]);
  // A copy cached at sign-up is dropped by the users table's NOTIFY (accounts/core/currentUser.ts).
  await expect.poll(async () => (await person.client.get('/admin/reports')).status).toBe(200);
  return person.client;
}

const CONSOLE_PATHS = [
  '/admin',
  '/admin/',
  '/admin/users',
  '/admin/users/some-id',
  '/admin/audit',
  '/admin/numbers',
];

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('direct loads of the staff pages', () => {
  it('answers an admin the console shell, noindex, kept out of shared caches', async () => {
    const admin = await withRole('admin');
    for (const p of [...CONSOLE_PATHS, '/admin/reports']) {
      const res = await admin.get(p);
      expect(res.status, p).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.text).toMatch(/<meta name="robots" content="noindex"/);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      // Reading the session sets no cookie.
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect(title((await admin.get('/admin/users')).text)).toBe('Console | Chorus');
    expect(title((await admin.get('/admin/reports')).text)).toBe('Reports | Chorus');
    // A path the console has no page for stays the 404.
    expect((await admin.get('/admin/nothing-here')).status).toBe(404);
  });

  it('answers a moderator the queue only', async () => {
    const mod = await withRole('moderator');
    const queue = await mod.get('/admin/reports');
    expect(queue.status).toBe(200);
    expect(title(queue.text)).toBe('Reports | Chorus');
    for (const p of CONSOLE_PATHS) {
      const res = await mod.get(p);
      expect(res.status, p).toBe(404);
      expect(title(res.text)).toBe('Page Not Found | Chorus');
    }
  });

  it('answers a plain user and a signed-out visitor the 404', async () => {
    const user = await withRole('user');
    const stranger = new HttpClient(app.url);
    // A cookie that names no session is a stranger too.
    const forged = new HttpClient(app.url);
    for (const p of [...CONSOLE_PATHS, '/admin/reports']) {
      for (const client of [user, stranger]) {
        const res = await client.get(p);
        expect(res.status, p).toBe(404);
        expect(title(res.text)).toBe('Page Not Found | Chorus');
        expect(res.text).not.toContain('Console');
      }
      const res = await forged.request('GET', p, undefined, { cookie: 'chorus.sid=s%3Anope.bad' });
      expect(res.status, p).toBe(404);
    }
  });

  it('follows a role change: a demoted admin gets the 404', async () => {
    const person = await signedUpClient(app.url, { prefix: 'dem' });
    await db().query(`update users set role = 'admin' where id = $1`, [person.userId]);
    expect((await person.client.get('/admin/users')).status).toBe(200);
    await db().query(`update users set role = 'user' where id = $1`, [person.userId]);
    // The user cache is dropped by the users table's NOTIFY (accounts/core/currentUser.ts).
    await expect.poll(async () => (await person.client.get('/admin/users')).status).toBe(404);
  });
});
