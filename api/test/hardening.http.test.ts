import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../../tests/support/app.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import { SESSION_COOKIE } from '../src/http/sessions.ts';

/** Security headers, cross-site writes, redirects and what leaks through limits and the Host header. */

const webIndex = fileURLToPath(new URL('../../web/index.html', import.meta.url));

/** A web build's shell: the source index.html plus the entry script Vite adds, and one drawn page. */
function fakeDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'chorus-dist-'));
  copyFileSync(webIndex, path.join(dist, 'index.html'));
  const shell = readFileSync(webIndex, 'utf8').replace(
    '</head>',
    '<script type="module" crossorigin src="/assets/index-test.js"></script>\n</head>',
  );
  writeFileSync(path.join(dist, 'index.html'), shell);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-test.js'), 'export {};\n');
  // The installable app's files (web/vite-plugins/serviceWorker.ts).
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>Offline</title>\n');
  writeFileSync(path.join(dist, 'offline.js'), '// offline.html in the visitor’s language\n');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Chorus"}\n');
  writeFileSync(
    path.join(dist, 'prerendered.json'),
    JSON.stringify({
      '/features': { head: '', html: '<main id="main"><h1>Features</h1></main>', readsQuery: false },
    }),
  );
  return dist;
}

const app = useTestApp(() => ({ WEB_DIST: fakeDist(), INVITES_PER_DAY: '2' }));

/** A GET with any Host header (fetch sends the URL's own). */
function getWithHost(url: string, host: string): Promise<{ text: string; cacheControl: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ text, cacheControl: String(res.headers['cache-control'] ?? '') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const cspOf = (headers: Headers) => {
  const value = headers.get('content-security-policy') ?? '';
  return new Map(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
};

describe('security headers', () => {
  it('pages, /api and /media carry CSP, frame, sniffing and referrer headers', async () => {
    const { client } = await signedUpClient(app.url);
    const chat = await client.post('/api/chats', {});
    mkdirSync(path.join(app.config.storageDir, 'test'), { recursive: true });
    writeFileSync(path.join(app.config.storageDir, 'test', 'clip.mp4'), 'not really a video');
    const media = await fetch(`${app.url}/media/test/clip.mp4`);
    const pages = [
      await fetch(`${app.url}/`),
      await fetch(`${app.url}/features`),
      await fetch(`${app.url}/chat`),
    ];
    const machine = [
      await client.get(`/api/chats/${chat.body.id}`),
      await fetch(`${app.url}/api/models`),
      media,
    ];
    for (const res of [...pages, ...machine] as { headers: Headers }[]) {
      const isPage = (pages as { headers: Headers }[]).includes(res);
      const csp = cspOf(res.headers);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(isPage ? ["'self'"] : ["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('script-src') ?? []).not.toContain("'unsafe-inline'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // PUBLIC_URL is not https here: no HSTS (a browser would pin plain-http localhost).
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    expect(media.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it("the build's scripts carry only the headers a subresource uses", async () => {
    const res = await fetch(`${app.url}/assets/index-test.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const pageOnly of ['content-security-policy', 'x-frame-options', 'last-modified', 'accept-ranges'])
      expect(res.headers.get(pageOnly), pageOnly).toBeNull();
    // The same name outside /assets is no script of the build: it keeps the page headers.
    expect((await fetch(`${app.url}/index-test.js`)).headers.get('content-security-policy')).not.toBeNull();
  });

  it('the service worker, its offline page (and its script) and the manifest are served fresh, and the pages allow them', async () => {
    const expected = [
      ['/sw.js', /^(text|application)\/javascript/],
      ['/offline.html', /^text\/html/],
      ['/offline.js', /^(text|application)\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ] as const;
    for (const [file, type] of expected) {
      const res = await fetch(`${app.url}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(type);
      // Checked on every visit, so a deploy reaches installed apps at once.
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
      expect(res.headers.get('x-content-type-options'), file).toBe('nosniff');
      expect(res.headers.get('service-worker-allowed'), file).toBeNull();
    }
    const csp = cspOf((await fetch(`${app.url}/chat`)).headers);
    expect(csp.get('worker-src')).toContain("'self'");
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
  });

  it("a page's inline scripts carry the response's nonce, a new one per response", async () => {
    const nonces = new Set<string>();
    // /chat with a session cookie carries the chat's outline, whose message box has a script of its own.
    const withSession = { cookie: `${SESSION_COOKIE}=s%3Aabc.def` };
    for (const [page, headers] of [
      ['/', {}],
      ['/features', {}],
      ['/chat', {}],
      ['/chat', withSession],
    ] as const) {
      const res = await fetch(`${app.url}${page}`, { headers });
      const html = await res.text();
      if (headers === withSession) expect(html).toContain('<textarea id="as-message" aria-label="Message"');
      const scriptSrc = cspOf(res.headers).get('script-src') ?? [];
      const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce, page).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce!);
      const inline = [...html.matchAll(/<script([^>]*)>/g)]
        .map((m) => m[1]!)
        .filter((attrs) => !/\bsrc=|type="application\/(ld\+)?json"/.test(attrs));
      expect(inline.length, page).toBeGreaterThan(0);
      for (const attrs of inline) expect(attrs, page).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(4);
  });

  it("the chat's outline is in the language the app will open in: the one chosen here, else the browser's", async () => {
    const session = `${SESSION_COOKIE}=s%3Aabc.def`;
    const outline = async (headers: Record<string, string>) => {
      const html = await (await fetch(`${app.url}/chat`, { headers })).text();
      return {
        lang: /<html lang="([^"]+)"/.exec(html)?.[1],
        box: /<textarea id="as-message"[^>]*>/.exec(html)?.[0] ?? '',
        note: /textContent = ("[^"]*")/.exec(html)?.[1],
      };
    };
    expect(await outline({ cookie: session })).toEqual({
      lang: 'en',
      box: expect.stringContaining('aria-label="Message" placeholder="Message Chorus..."'),
      note: '"Sends as soon as Chorus has loaded"',
    });
    // The browser's language, when none was chosen.
    const german = await outline({ cookie: session, 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.lang).toBe('de');
    expect(german.box).toContain('aria-label="Nachricht"');
    expect(german.note).not.toContain('Sends as soon as');
    // The choice made in this browser wins over the browser's language.
    const japanese = await outline({ cookie: `${session}; chorus_language=ja`, 'accept-language': 'de' });
    expect(japanese.lang).toBe('ja');
    expect(japanese.box).not.toContain('Nachricht');
    expect(japanese.box).not.toContain('aria-label="Message"');
    // Anything else in the cookie is no choice.
    expect((await outline({ cookie: `${session}; chorus_language=<x>` })).lang).toBe('en');
    // Without a session there is no outline, and the page keeps its own language.
    expect((await outline({ cookie: 'chorus_language=ja' })).box).toBe('');
  });

  it('the explorer is served with the nonce on its own scripts', async () => {
    const res = await fetch(`${app.url}/graphiql`);
    const nonce = (cspOf(res.headers).get('script-src') ?? []).find((s) => s.startsWith("'nonce-"));
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce!.slice(7, -1)}"`);
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    const https = await startTestApp({ PUBLIC_URL: 'https://chorus.example' });
    try {
      for (const p of ['/', '/api/models']) {
        const res = await fetch(`${https.url}${p}`);
        expect(res.headers.get('strict-transport-security'), p).toBe('max-age=15552000');
        expect(cspOf(res.headers).has('upgrade-insecure-requests')).toBe(true);
      }
    } finally {
      await https.close();
    }
  });
});

describe('cross-site writes to /api', () => {
  it('refuses text/plain and urlencoded bodies with 415 and a message, whatever the Origin', async () => {
    const { client } = await signedUpClient(app.url);
    for (const [type, body] of [
      ['text/plain', '{"title":"forged"}'],
      ['application/x-www-form-urlencoded', 'title=forged'],
      ['text/plain;charset=UTF-8', 'title=forged'],
    ] as const) {
      for (const origin of [{}, { origin: 'https://evil.example' }, { origin: app.url }] as Record<
        string,
        string
      >[]) {
        const res = await client.request('POST', '/api/chats', body, { 'content-type': type, ...origin });
        expect(res.status, `${type} ${JSON.stringify(origin)}`).toBe(415);
        expect(res.body.message).toMatch(/JSON/);
      }
    }
    const patched = await client.request('PATCH', '/api/users/update', 'bio=forged', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(patched.status).toBe(415);
    const chats = await client.get('/api/chats');
    expect(chats.body.filter((c: { title: string }) => c.title === 'forged')).toEqual([]);
  });

  it('accepts JSON, and other bodies with the preflight header', async () => {
    const { client } = await signedUpClient(app.url);
    expect((await client.post('/api/chats', { title: 'json' })).status).toBe(201);
    const withHeader = await client.request('POST', '/api/chats', 'x', {
      'content-type': 'text/plain',
      'apollo-require-preflight': 'true',
    });
    // Past the guard (the body is not JSON, so it is read as empty and a chat is made).
    expect(withHeader.status).toBe(201);
  });

  it('accepts uploads and bodiless posts from our own pages, not from other sites', async () => {
    const { client } = await signedUpClient(app.url);
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob(['hello']), 'hello.txt');
      return f;
    };
    const post = (headers: Record<string, string>, body?: FormData) =>
      fetch(`${app.url}/api/files`, {
        method: 'POST',
        headers: { cookie: client.cookieHeader, ...headers },
        body,
      });
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: app.url }, form())).status).toBe(201);
    expect((await post({}, form())).status).toBe(201);
    const crossSite = await post(
      { 'sec-fetch-site': 'same-site', origin: 'https://other.localhost' },
      form(),
    );
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { message: string }).message).toMatch(/other sites/);
    expect((await post({ origin: 'https://evil.example' }, form())).status).toBe(403);
    const bodiless = await fetch(`${app.url}/api/auth/logout`, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      },
    });
    expect(bodiless.status).toBe(403);
    expect((await client.get('/api/auth/status')).status).toBe(200);
  });

  it('the Stripe webhook still takes its raw body, and the sandbox forms still post', async () => {
    const hook = await fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'not signed',
    });
    // Refused for its signature (or the sandbox), not for its content type.
    expect(hook.status).not.toBe(415);
    expect(hook.status).toBeLessThan(500);

    const { client } = await signedUpClient(app.url);
    const checkout = await client.post('/api/subscription/checkout', { planType: 'premium' });
    const pay = await client.request('POST', `${checkout.body.url}/pay`, '', {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      origin: app.url,
    });
    expect(pay.status).toBe(303);
    const forged = await client.request('POST', '/api/billing/sandbox/portal/cancel_now', '', {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    });
    expect(forged.status).toBe(403);
    expect((await client.get('/api/user/subscription')).body.subscription.status).toBe('active');
  });
});

describe('redirects, limits, logout, Host and quota', () => {
  it("the sandbox portal's return parameter never leaves the site", async () => {
    const { client } = await signedUpClient(app.url);
    for (const evil of [
      '/%09/evil.example',
      '/%0a/evil.example',
      '/%0d%0a/evil.example',
      '/\\evil.example',
      '/%5Cevil.example',
      '//evil.example',
      'https://evil.example',
      '/%09%09/evil.example/path',
    ]) {
      const page = await client.get(`/api/billing/sandbox/portal?return=${evil}`);
      expect(page.status, evil).toBe(200);
      expect(page.text, evil).toContain('href="/plans"');
      expect(page.text, evil).not.toContain('evil.example');
      // An action the portal doesn't know changes nothing and goes back to the portal.
      const back = await client.post(`/api/billing/sandbox/portal/none?return=${evil}`);
      expect(back.headers.get('location'), evil).toBe('/api/billing/sandbox/portal?return=%2Fplans');
    }
    const fine = await client.get('/api/billing/sandbox/portal?return=/settings%3Ftab%3Dbilling');
    expect(fine.text).toContain('href="/settings?tab=billing"');
  });

  it('checks the daily invitation limit before telling whether an address has an account', async () => {
    const member = await signedUpClient(app.url);
    const { client } = await signedUpClient(app.url);
    const memberEmail = `${member.username}@example.com`;
    expect((await client.post('/api/invitations/email', { email: memberEmail })).status).toBe(409);
    for (let i = 0; i < 2; i++) {
      expect((await client.post('/api/invitations/email', { email: `new${i}@example.org` })).status).toBe(
        201,
      );
    }
    const member2 = await client.post('/api/invitations/email', { email: memberEmail });
    const stranger = await client.post('/api/invitations/email', { email: 'nobody@example.org' });
    // Both answered alike: the limit, with nothing about the address.
    expect(member2.status).toBe(429);
    expect(stranger.status).toBe(429);
    expect(member2.body.message).toBe(stranger.body.message);
  });

  it('logout answers a Set-Cookie that clears the session cookie', async () => {
    const { client } = await signedUpClient(app.url);
    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    const cleared = client.lastSetCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect(cleared).toMatch(/Path=\//);
    expect(cleared).toMatch(/HttpOnly/i);

    const gql = await signedUpClient(app.url);
    const res = await gql.client.gql('mutation { logout }');
    expect(res.errors).toBeUndefined();
    expect(gql.client.lastSetCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(
      /Expires=Thu, 01 Jan 1970/i,
    );
  });

  it('without PUBLIC_URL, a forged Host never reaches a shared cache (sitemap, robots, pages)', async () => {
    for (const p of ['/sitemap.xml', '/robots.txt', '/features']) {
      const { text, cacheControl: cache } = await getWithHost(`${app.url}${p}`, 'evil.example');
      expect(text, p).toContain('evil.example');
      expect(cache, p).toMatch(/\bprivate\b/);
      expect(cache, p).not.toMatch(/\bpublic\b/);
    }
    const configured = await startTestApp({ PUBLIC_URL: 'https://chorus.example', WEB_DIST: fakeDist() });
    try {
      for (const p of ['/sitemap.xml', '/robots.txt']) {
        const { text, cacheControl } = await getWithHost(`${configured.url}${p}`, 'evil.example');
        expect(text, p).not.toContain('evil.example');
        expect(cacheControl, p).toMatch(/^public, max-age=\d+$/);
      }
    } finally {
      await configured.close();
    }
  });

  it('regenerating a stopped answer counts as a prompt, and is refused once the month is used up', async () => {
    const { client, userId } = await signedUpClient(app.url);
    const chat = await client.post('/api/chats', {});
    const sent = await client.post(`/api/chats/${chat.body.id}/messages`, { content: 'Hello there' });
    expect(sent.status).toBe(201);
    const answerId = sent.body.aiMessage.id as string;
    const used = async () =>
      (
        await db().query(
          `select used from usage_counters where user_id = $1 and feature = 'prompts'
             and period_start = date_trunc('month', now())::date`,
          [userId],
        )
      ).rows[0]?.used as number;
    expect(await used()).toBe(1);
    const stopAnswer = () => db().query(`update messages set status = 'stopped' where id = $1`, [answerId]);

    await stopAnswer();
    const again = await client.gql(`mutation { regenerate(messageId: "${answerId}") { id } }`);
    expect(again.errors).toBeUndefined();
    expect(await used()).toBe(2);
    // Let it finish, then stop it again with the month's prompts used up.
    await expect
      .poll(async () => (await client.get(`/api/chats/${chat.body.id}/messages`)).body.at(-1).status)
      .toBe('complete');
    await stopAnswer();
    await db().query(
      `update usage_counters set used = 10 where user_id = $1 and feature = 'prompts'
         and period_start = date_trunc('month', now())::date`,
      [userId],
    );
    const refused = await client.gql(`mutation { regenerate(messageId: "${answerId}") { id } }`);
    expect(refused.errors?.[0]?.extensions?.code).toBe('PAYMENT_REQUIRED');
    expect(await used()).toBe(10);
    const row = await db().query('select status from messages where id = $1', [answerId]);
    expect(row.rows[0].status).toBe('stopped');
  });
});
