import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueName } from '../../tests/support/app.ts';
import { HttpClient } from '../../tests/support/client.ts';
import { ownDatabase } from '../../tests/support/ownDatabase.ts';
import { db, signedUpClient } from '../../tests/support/users.ts';
import type { RunningApp } from '../src/app.ts';
import { startAfterPaint } from '../src/http/web.ts';

/**
 * What a crawler that runs no JavaScript sees: the raw HTML the api sends for each page, its head
 * tags, JSON-LD, status codes, the sitemap and robots.txt. The app shell is the web app's real
 * index.html (its page-meta block is what the server replaces).
 */

const webIndex = fileURLToPath(new URL('../../web/index.html', import.meta.url));

let app: RunningApp;
let ownerId: string;
let ownerName: string;
const suffix = randomBytes(4).toString('hex');
const publicSlug = `a-cat-surfing-at-sunset-${suffix}`;
const quietSlug = `no-description-${suffix}`;
const privateSlug = `my-private-draft-${suffix}`;
const hostileTitle = `Cats </script><script>alert(1)</script> & "friends" ${suffix}`;

async function insertPost(slug: string, fields: Record<string, unknown>) {
  const row = {
    title: 'A cat surfing at sunset...',
    description: null,
    prompt: 'a cat surfing at sunset',
    tags: [],
    duration: '8',
    size: '1280x720',
    video_url: `/media/videos/${slug}.mp4`,
    thumbnail_url: `/media/thumbnails/${slug}.jpg`,
    is_public: true,
    views: 0,
    likes: 0,
    ...fields,
  };
  await db().query(
    `insert into posts (id, user_id, slug, title, description, prompt, tags, duration, size, video_url,
       thumbnail_url, is_public, views, likes, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
       '2026-03-04T05:06:07Z', '2026-03-05T00:00:00Z')`,
    [
      ownerId,
      slug,
      row.title,
      row.description,
      row.prompt,
      row.tags,
      row.duration,
      row.size,
      row.video_url,
      row.thumbnail_url,
      row.is_public,
      row.views,
      row.likes,
    ],
  );
}

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'chorus-dist-'));
  // The built shell: Vite moves the entry script into the head as a built chunk, with its preloads.
  writeFileSync(
    path.join(dist, 'index.html'),
    readFileSync(webIndex, 'utf8')
      .replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '')
      .replace(
        '</head>',
        [
          '<script type="module" crossorigin src="/assets/index-test.js"></script>',
          '<link rel="modulepreload" crossorigin href="/assets/react-test.js">',
          '</head>',
        ].join('\n'),
      ),
  );
  // What the web build writes (vite-plugins/initialJsReport.ts): each public route's own chunks.
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      '/login': ['assets/LoginPage-test.js'],
      '/videos/{slug}': ['assets/PublicVideoPage-test.js'],
      '/invite/{token}': ['assets/InvitePage-test.js', 'assets/api-test.js'],
      '404': ['assets/NotFoundPage-test.js'],
    }),
  );
  // What the web build writes (vite-plugins/prerenderPages.ts): the static public pages, drawn.
  writeFileSync(
    path.join(dist, 'prerendered.json'),
    JSON.stringify({
      '/features': {
        head: '<link rel="preload" as="image" href="/favicon.svg"/>',
        html: '<!--$--><main id="main"><h1 class="css-test">Everything the best AI assistants can do</h1></main><!--/$-->',
        readsQuery: false,
      },
      '/register': {
        head: '',
        html: '<main id="main"><h1>Create your account</h1></main>',
        readsQuery: true,
      },
      '/de/features': {
        head: '',
        html: '<main id="main"><h1>Alles, was die besten KI-Assistenten können</h1></main>',
        readsQuery: false,
      },
    }),
  );
  app = await startTestApp({ WEB_DIST: dist });
  const owner = await signedUpClient(app.url);
  ownerId = owner.userId;
  ownerName = owner.username;
  await db().query('update users set display_name = $1 where id = $2', ['Surf Fan', ownerId]);
  await insertPost(publicSlug, {
    title: hostileTitle,
    description: 'A ginger cat rides a wave as the sun goes down.',
    tags: ['cats', 'surfing'],
    views: 1234,
    likes: 56,
  });
  await insertPost(quietSlug, { title: 'Quiet video', description: null, prompt: 'waves on a quiet beach' });
  await insertPost(privateSlug, { title: 'Private draft', is_public: false });
});
afterAll(async () => {
  await app.close();
});

// ---- a tiny reader for the head we render ---------------------------------------------------------

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface Head {
  status: number;
  html: string;
  title: string;
  meta: Map<string, string>;
  canonical?: string;
  jsonLd: unknown[];
}

async function page(pathname: string): Promise<Head> {
  // No JavaScript, no cookies: what a crawler gets.
  const res = await fetch(app.url + pathname, { headers: { accept: 'text/html' } });
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string>();
  for (const m of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    meta.set(m[1]!, decode(m[2]!));
  }
  const jsonLd = [
    ...head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
  ].flatMap((m) => JSON.parse(m[1]!));
  return {
    status: res.status,
    html,
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    meta,
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1],
    jsonLd,
  };
}

// ---- static pages -------------------------------------------------------------------------------

describe('server-rendered head of public pages', () => {
  const pages: [string, string][] = [
    ['/', 'Chorus | Chat with many AI assistants and make short videos'],
    ['/features', 'Features | Chorus'],
    ['/pricing', 'Plans and Pricing | Chorus'],
    ['/ai-video-generator', 'AI Video Generator | Chorus'],
    ['/community-videos', 'Community Videos | Chorus'],
    ['/ai-chatbot-for-schoolwork', 'AI Chatbot for Schoolwork | Chorus'],
    ['/ai-content-rewriter', 'AI Content Rewriter | Chorus'],
    ['/ai-life-coach-chatbot', 'AI Life Coach Chatbot | Chorus'],
    ['/ai-chatbot-for-business', 'AI Chatbot for Business | Chorus'],
    ['/login', 'Log In | Chorus'],
    ['/register', 'Create Account | Chorus'],
  ];

  it.each(pages)(
    '%s carries title, description, keywords, social tags and canonical',
    async (pathname, title) => {
      const head = await page(pathname);
      expect(head.status).toBe(200);
      expect(head.title).toBe(title);
      expect(head.meta.get('description')!.length).toBeGreaterThan(40);
      expect(head.meta.get('keywords')!.split(', ').length).toBeGreaterThanOrEqual(2);
      expect(head.meta.get('robots')).toBe('index, follow');
      expect(head.meta.get('og:title')).toBe(title);
      expect(head.meta.get('og:description')).toBe(head.meta.get('description'));
      expect(head.meta.get('og:url')).toBe(`${app.url}${pathname}`);
      expect(head.meta.get('og:type')).toBe('website');
      expect(head.meta.get('twitter:card')).toBe('summary');
      expect(head.meta.get('twitter:title')).toBe(title);
      expect(head.canonical).toBe(`${app.url}${pathname}`);
      // Exactly one title and one description: the shell's defaults were replaced, not duplicated.
      expect(head.html.match(/<title>/g)).toHaveLength(1);
      expect(head.html.match(/name="description"/g)).toHaveLength(1);
      // The app itself is still there (drawn or empty).
      expect(head.html).toContain('<div id="root">');
    },
  );

  it('the landing page declares a free SoftwareApplication offer at 0 USD', async () => {
    const head = await page('/');
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: 'Chorus',
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      }),
    ]);
  });

  it('signed-in pages are noindex and have no canonical link', async () => {
    for (const pathname of [
      '/chat',
      '/chat/1b4e28ba-2fa1-11d2-883f-0016d3cca427',
      '/profile',
      '/plans',
      '/gallery',
    ]) {
      const head = await page(pathname);
      expect(head.status, pathname).toBe(200);
      expect(head.meta.get('robots'), pathname).toBe('noindex');
      expect(head.canonical, pathname).toBeUndefined();
    }
    expect((await page('/chat')).title).toBe('AI Chat | Chorus');
  });

  it("preloads each public route's own chunks with its HTML", async () => {
    const preloads = async (pathname: string) =>
      [...(await page(pathname)).html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
        (m) => m[1],
      );
    expect(await preloads('/login')).toEqual(['/assets/react-test.js', '/assets/LoginPage-test.js']);
    // The route's chunks come after the shell's entry: a slow connection fetches in document order.
    const login = (await page('/login')).html;
    expect(login.indexOf('LoginPage-test.js')).toBeGreaterThan(login.indexOf('/assets/index-test.js'));
    expect(login.indexOf('LoginPage-test.js')).toBeLessThan(login.indexOf('</head>'));
    expect(await preloads('/invite/AbCdEf0123456789AbCdEf0123456789')).toEqual([
      '/assets/react-test.js',
      '/assets/InvitePage-test.js',
      '/assets/api-test.js',
    ]);
    expect(await preloads(`/videos/${publicSlug}`)).toEqual([
      '/assets/react-test.js',
      '/assets/PublicVideoPage-test.js',
    ]);
    expect(await preloads('/no-such-page')).toEqual([
      '/assets/react-test.js',
      '/assets/NotFoundPage-test.js',
    ]);
    // A pre-rendered page starts its scripts after its first paint: no script or preload competes
    // with it, and the loader that starts them carries the response's nonce.
    expect(await preloads('/features')).toEqual([]);
    const features = (await page('/features')).html;
    expect(features).not.toMatch(/<script[^>]* type="module"/);
    expect(features).toMatch(
      /<script nonce="[^"]+">\(\(\) => \{\s*const \{ entry, chunks \} = \{"entry":"\/assets\/index-test.js"/,
    );
  });

  it('a pre-rendered page arrives drawn inside #root, its resource hints in the head', async () => {
    const head = await page('/features');
    expect(head.html).toMatch(
      /<div id="root"><!--\$--><main id="main"><h1 class="css-test">Everything the best AI assistants can do<\/h1><\/main><!--\/\$--><\/div>/,
    );
    expect(head.html.slice(0, head.html.indexOf('</head>'))).toContain(
      '<link rel="preload" as="image" href="/favicon.svg"/>',
    );
    // Same page with a query string (e.g. a campaign link): still drawn.
    expect((await page('/features?utm_source=test')).html).toContain(
      'Everything the best AI assistants can do',
    );
    // Pages that are not pre-rendered keep the empty shell.
    expect((await page('/login')).html).toContain('<div id="root"></div>');
  });

  it('marks pages requested without a session cookie, so the app skips the session check', async () => {
    expect((await page('/features')).html).toContain('<html lang="en" data-session="none">');
    const res = await fetch(`${app.url}/features`, { headers: { cookie: 'chorus.sid=s%3Aabc.def' } });
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    expect(await res.text()).toContain('<html lang="en">');
  });

  it("a pre-rendered page's scripts and preloads start after its first paint", () => {
    const built = [
      '<html><head>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n');
    const html = startAfterPaint(built, ['/assets/LandingPage-1.js']);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const loader = /<script>([\s\S]*)<\/script>\s*<\/body>/.exec(html)?.[1];
    expect(loader).toContain(
      '{"entry":"/assets/index-1.js","chunks":["/assets/react-1.js","/assets/LandingPage-1.js"]}',
    );
    expect(loader).toContain('requestAnimationFrame');
  });

  it('a page that reads its query string is drawn only without one', async () => {
    expect((await page('/register')).html).toContain('<h1>Create your account</h1>');
    const cancelled = await page('/register?payment=cancelled');
    expect(cancelled.status).toBe(200);
    expect(cancelled.html).toContain('<div id="root"></div>');
  });

  it('an unknown path is a 404 with the app shell and its Page Not Found title', async () => {
    const head = await page('/no-such-page');
    expect(head.status).toBe(404);
    expect(head.title).toBe('Page Not Found | Chorus');
    expect(head.meta.get('robots')).toBe('noindex');
    expect(head.html).toContain('<div id="root"></div>');
  });
});

// ---- public video pages -------------------------------------------------------------------------

describe('server-rendered head of /videos/{slug}', () => {
  it('carries the video card, canonical link, VideoObject and breadcrumb', async () => {
    const head = await page(`/videos/${publicSlug}`);
    expect(head.status).toBe(200);
    expect(head.title).toBe(`${hostileTitle} | Chorus`);
    expect(head.meta.get('description')).toBe('A ginger cat rides a wave as the sun goes down.');
    expect(head.meta.get('keywords')).toBe('AI video, cats, surfing');
    expect(head.canonical).toBe(`${app.url}/videos/${publicSlug}`);
    expect(head.meta.get('og:type')).toBe('video.other');
    expect(head.meta.get('og:video')).toBe(`${app.url}/media/videos/${publicSlug}.mp4`);
    expect(head.meta.get('og:video:type')).toBe('video/mp4');
    expect(head.meta.get('og:video:width')).toBe('1280');
    expect(head.meta.get('og:video:height')).toBe('720');
    expect(head.meta.get('og:image')).toBe(`${app.url}/media/thumbnails/${publicSlug}.jpg`);
    expect(head.meta.get('twitter:card')).toBe('player');
    expect(head.meta.get('twitter:player:width')).toBe('1280');
    expect(head.meta.get('twitter:player:height')).toBe('720');
    expect(head.meta.get('twitter:image')).toBe(head.meta.get('og:image'));

    const [video, breadcrumb] = head.jsonLd as any[];
    expect(video).toMatchObject({
      '@type': 'VideoObject',
      name: hostileTitle,
      description: 'A ginger cat rides a wave as the sun goes down.',
      thumbnailUrl: [`${app.url}/media/thumbnails/${publicSlug}.jpg`],
      uploadDate: '2026-03-04T05:06:07.000Z',
      duration: 'PT8S',
      contentUrl: `${app.url}/media/videos/${publicSlug}.mp4`,
      width: 1280,
      height: 720,
      author: { '@type': 'Person', name: 'Surf Fan' },
      // The AI label search engines can read (packages/shared/src/videoPageMeta.ts says why this one).
      digitalSourceType: 'https://schema.org/TrainedAlgorithmicMediaDigitalSource',
    });
    expect(video.creditText).toMatch(/^an AI-generated video/);
    expect(video.interactionStatistic[0].userInteractionCount).toBe(1234);
    expect(breadcrumb).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${app.url}/` },
        { '@type': 'ListItem', position: 2, name: 'Videos', item: `${app.url}/community-videos` },
        { '@type': 'ListItem', position: 3, name: hostileTitle, item: `${app.url}/videos/${publicSlug}` },
      ],
    });
  });

  it('escapes everything it injects', async () => {
    const { html } = await page(`/videos/${publicSlug}`);
    const head = html.slice(0, html.indexOf('</head>'));
    // The title's own </script><script> never becomes markup, in attributes, <title> or JSON-LD.
    expect(head).not.toContain('<script>alert(1)</script>');
    expect(head).not.toContain('</script><script>');
    expect(head).toContain(
      'Cats &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;',
    );
    expect(head).toContain('Cats \\u003c/script\\u003e');
  });

  it('falls back to the prompt when a post has no description', async () => {
    const head = await page(`/videos/${quietSlug}`);
    expect(head.status).toBe(200);
    expect(head.meta.get('description')).toBe('waves on a quiet beach');
    expect((head.jsonLd[0] as any).description).toBe('waves on a quiet beach');
  });

  it('a private or unknown slug is a 404 that reveals nothing', async () => {
    for (const slug of [privateSlug, `never-existed-${suffix}`]) {
      const head = await page(`/videos/${slug}`);
      expect(head.status, slug).toBe(404);
      expect(head.title).toBe('Video Not Found | Chorus');
      expect(head.meta.get('robots')).toBe('noindex');
      expect(head.canonical).toBeUndefined();
      expect(head.jsonLd).toEqual([]);
      expect(head.html).not.toContain('Private draft');
      expect(head.html).toContain('<div id="root"></div>');
    }
  });
});

// ---- creators' profiles ---------------------------------------------------------------------------

describe('server-rendered head of /u/{username}', () => {
  it('carries the profile card, canonical link and ProfilePage JSON-LD; an unknown name is a 404', async () => {
    const head = await page(`/u/${ownerName}`);
    expect(head.status).toBe(200);
    expect(head.title).toBe(`Surf Fan (@${ownerName}) | Chorus`);
    expect(head.canonical).toBe(`${app.url}/u/${ownerName}`);
    expect(head.meta.get('og:type')).toBe('profile');
    expect(head.meta.get('description')).toContain('Surf Fan');
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'ProfilePage',
        mainEntity: expect.objectContaining({
          '@type': 'Person',
          name: 'Surf Fan',
          alternateName: `@${ownerName}`,
          url: `${app.url}/u/${ownerName}`,
        }),
      }),
    ]);
    const missing = await page('/u/no_such_creator_here');
    expect(missing.status).toBe(404);
    expect(missing.title).toBe('Creator Not Found | Chorus');
    expect(missing.canonical).toBeUndefined();
  });
});

// ---- pages in other languages -------------------------------------------------------------------

const alternatesOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [
      m[1],
      m[2],
    ]),
  );

describe('public pages in other languages', () => {
  it('serves each under its prefix in its language, naming the others (hreflang)', async () => {
    const german = await page('/de/features');
    expect(german.status).toBe(200);
    expect(german.html).toMatch(/<html lang="de"[ >]/);
    expect(german.title).toBe('Funktionen | Chorus');
    expect(german.meta.get('description')).toMatch(/^Chat mit mehreren Modellen/);
    expect(german.canonical).toBe(`${app.url}/de/features`);
    expect(german.meta.get('og:url')).toBe(`${app.url}/de/features`);
    // The build's drawing of the German page, not the English one.
    expect(german.html).toContain('Alles, was die besten KI-Assistenten können');
    expect(alternatesOf(german.html)).toEqual({
      en: `${app.url}/features`,
      es: `${app.url}/es/features`,
      fr: `${app.url}/fr/features`,
      de: `${app.url}/de/features`,
      'pt-BR': `${app.url}/pt-BR/features`,
      ja: `${app.url}/ja/features`,
      'x-default': `${app.url}/features`,
    });
    // English keeps its paths, and names the others too.
    const english = await page('/features');
    expect(english.html).toMatch(/<html lang="en"[ >]/);
    expect(alternatesOf(english.html).ja).toBe(`${app.url}/ja/features`);

    const landing = await page('/es/');
    expect(landing.status).toBe(200);
    expect(landing.html).toMatch(/<html lang="es"[ >]/);
    expect(landing.title).toBe('Chorus | Chatea con muchos asistentes de IA y crea vídeos cortos');
    expect(landing.canonical).toBe(`${app.url}/es/`);
    expect(alternatesOf(landing.html)['pt-BR']).toBe(`${app.url}/pt-BR/`);
    expect((await page('/ja/pricing')).title).toBe('プランと料金 | Chorus');
  });

  it("draws a video's page in a language with the video's own words", async () => {
    const head = await page(`/fr/videos/${publicSlug}`);
    expect(head.status).toBe(200);
    expect(head.html).toMatch(/<html lang="fr"[ >]/);
    expect(head.title).toBe(`${hostileTitle} | Chorus`);
    expect(head.canonical).toBe(`${app.url}/fr/videos/${publicSlug}`);
    expect(alternatesOf(head.html).en).toBe(`${app.url}/videos/${publicSlug}`);
    expect((await page(`/fr/videos/${privateSlug}`)).status).toBe(404);
  });

  it('has no other page under a prefix, and no other prefix', async () => {
    for (const pathname of [
      '/de/login',
      '/es/chat',
      '/ja/settings',
      '/xx/pricing',
      '/en/pricing',
      '/es/u/someone',
    ]) {
      const head = await page(pathname);
      expect(head.status, pathname).toBe(404);
      expect(head.meta.get('robots'), pathname).toBe('noindex');
    }
    // Signed-in screens and sign-in pages name no other language.
    expect(alternatesOf((await page('/login')).html)).toEqual({});
  });
});

// ---- sitemap and robots -------------------------------------------------------------------------

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap lists the public pages and public videos with lastmod, never private ones', async () => {
    const index = await fetch(`${app.url}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
    const indexXml = await index.text();
    expect(indexXml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const files = locsOf(indexXml);
    expect(files[0]).toBe(`${app.url}/sitemaps/pages.xml`);
    expect(files[1]).toBe(`${app.url}/sitemaps/creators.xml`);
    // Each file of videos, then the same videos' pages in each other language.
    const perFile = ['', '-es', '-fr', '-de', '-pt-BR', '-ja'];
    expect(files.slice(2)).toEqual(
      files
        .slice(2)
        .map((_, i) => `${app.url}/sitemaps/videos-${Math.floor(i / 6) + 1}${perFile[i % 6]}.xml`),
    );
    // The profiles of people with public videos (creators module's /u/{username}).
    const creatorsXml = await (await fetch(files[1]!)).text();
    expect(creatorsXml).toContain(`<url><loc>${app.url}/u/${ownerName}</loc><lastmod>`);

    const pages = await fetch(files[0]!);
    expect(pages.headers.get('content-type')).toMatch(/^application\/xml/);
    const pagesXml = await pages.text();
    expect(pagesXml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    // The pages every language has, in each, naming the others; the sign-in pages in English only.
    expect(locsOf(pagesXml)).toEqual(expect.arrayContaining([`${app.url}/ja/pricing`, `${app.url}/pt-BR/`]));
    expect(locsOf(pagesXml)).not.toContain(`${app.url}/de/login`);
    expect(pagesXml).toContain(
      `<url><loc>${app.url}/de/features</loc><xhtml:link rel="alternate" hreflang="en" href="${app.url}/features"/>`,
    );
    expect(pagesXml).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${app.url}/features"/>`,
    );
    const pageLocs = locsOf(pagesXml);
    for (const pathname of [
      '/',
      '/features',
      '/ai-video-generator',
      '/community-videos',
      '/ai-chatbot-for-business',
    ]) {
      expect(pageLocs).toContain(`${app.url}${pathname}`);
    }
    expect(pageLocs).not.toContain(`${app.url}/chat`);

    const videoXml = (await Promise.all(files.slice(2).map(async (f) => (await fetch(f)).text()))).join('\n');
    expect(locsOf(videoXml)).toContain(`${app.url}/fr/videos/${publicSlug}`);
    expect(videoXml).toContain(
      `<url><loc>${app.url}/videos/${publicSlug}</loc><lastmod>2026-03-05T00:00:00.000Z</lastmod></url>`,
    );
    expect(locsOf(videoXml)).toContain(`${app.url}/videos/${quietSlug}`);
    expect(videoXml).not.toContain(privateSlug);
    expect(indexXml + pagesXml).not.toContain(privateSlug);
  });

  it('splits many videos into files of 10,000, keeps them until videos change, and 404s past the last', async () => {
    const own = await ownDatabase();
    const other = await startTestApp({ DATABASE_URL: own.url });
    try {
      const { body: user } = await new HttpClient(other.url).post('/api/auth/register', {
        username: uniqueName(),
        email: `${uniqueName()}@example.com`,
        password: 'secret123',
      });
      await own.pool.query(
        `insert into posts (id, user_id, slug, title, prompt, duration, size, video_url, thumbnail_url,
           is_public, created_at, updated_at)
         select gen_random_uuid(), $1, 'bulk-' || i, 'Bulk ' || i, 'p', '8', '1280x720', '/media/v.mp4',
           '/media/t.jpg', i % 10 <> 0, timestamptz '2026-01-01' + (i / 2) * interval '1 second', now()
         from generate_series(1, 27500) i`,
        [user.id],
      );
      const files = async () => locsOf(await (await fetch(`${other.url}/sitemap.xml`)).text());
      const base = `${other.url}/sitemaps`;
      const inLanguages = (n: number) =>
        ['', '-es', '-fr', '-de', '-pt-BR', '-ja'].map((suffix) => `${base}/videos-${n}${suffix}.xml`);
      expect(await files()).toEqual([
        `${base}/pages.xml`,
        `${base}/creators.xml`,
        ...inLanguages(1),
        ...inLanguages(2),
        ...inLanguages(3),
      ]);
      expect(locsOf(await (await fetch(`${base}/videos-2-ja.xml`)).text())[0]).toMatch(
        new RegExp(`^${other.url}/ja/videos/bulk-`),
      );
      expect((await fetch(`${base}/videos-1-xx.xml`)).status).toBe(404);
      const videoLocs = async (n: number) => locsOf(await (await fetch(`${base}/videos-${n}.xml`)).text());
      const all = [...(await videoLocs(1)), ...(await videoLocs(2)), ...(await videoLocs(3))];
      expect((await videoLocs(1)).length).toBe(10_000);
      expect((await videoLocs(3)).length).toBe(4_750);
      expect(new Set(all).size).toBe(24_750);
      expect(all).not.toContain(`${other.url}/videos/bulk-10`);
      expect(all[0]).toBe(`${other.url}/videos/bulk-1`);
      for (const missing of ['videos-4.xml', 'videos-0.xml', 'videos-01.xml', 'videos-x.xml']) {
        expect((await fetch(`${base}/${missing}`)).status, missing).toBe(404);
      }

      // Publishing and unpublishing reach the cached files (through the posts trigger's NOTIFY).
      await own.pool.query(`update posts set is_public = true where slug = 'bulk-10'`);
      await own.pool.query(`update posts set is_public = false where slug = 'bulk-27499'`);
      await expect
        .poll(async () => {
          const last = await videoLocs(3);
          return [
            last.includes(`${other.url}/videos/bulk-27499`),
            (await videoLocs(1)).includes(`${other.url}/videos/bulk-10`),
          ];
        })
        .toEqual([false, true]);
    } finally {
      await other.close();
      await own.drop();
    }
  });

  it('robots.txt allows crawling and points to the sitemap', async () => {
    const res = await fetch(`${app.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('User-agent: *\nAllow: /\n');
    expect(text).toContain('Disallow: /api/\n');
    expect(text).toContain(`Sitemap: ${app.url}/sitemap.xml`);
  });

  it('uses PUBLIC_URL for absolute links when it is configured', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'chorus-dist-'));
    copyFileSync(webIndex, path.join(dist, 'index.html'));
    const other = await startTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://chorus.example/' });
    try {
      const html = await (await fetch(`${other.url}/features`)).text();
      expect(html).toContain('<link rel="canonical" href="https://chorus.example/features" />');
      const robots = await (await fetch(`${other.url}/robots.txt`)).text();
      expect(robots).toContain('Sitemap: https://chorus.example/sitemap.xml');
    } finally {
      await other.close();
    }
  });
});
