import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  isLanguage,
  isLocalizedPath,
  type Language,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
} from '@chorus/shared/languages';
import { localizeMeta, matchRoute, NOT_FOUND_META, type PageMeta } from '@chorus/shared/seo';
import compression from 'compression';
import express, { type Request, Router } from 'express';
import { escapeHtml } from '../platform/html.ts';
import { requestLanguage, translate } from '../platform/i18n.ts';
import { logger } from '../platform/logger.ts';
import { appShellHtml, isChatPath } from './appShell.ts';
import { artifactFrameRoute } from './artifactFrame.ts';
import { renderHeadTags } from './headTags.ts';
import type { GatedPage, PageSource, PublicPage, Site } from './module.ts';
import { withScriptNonce } from './securityHeaders.ts';
import { serverRenderer } from './serverRender.ts';
import { SESSION_COOKIE } from './sessions.ts';

export interface WebOptions {
  /** PUBLIC_URL when configured; otherwise links are built from the request's own host. */
  publicUrl?: string;
  /** The modules' routes beside the pages (the sitemap), after robots.txt, before the files. */
  routes?: (site: Site) => Router[];
  /** The public data pages are drawn with, per request (the modules' merged). */
  pageSource: () => PageSource;
  /** The data pages the modules draw (a video, a shared chat), by route kind. */
  pages: readonly PublicPage[];
  /** Private pages answered 200 only for whom the owning module admits (the staff console), else 404. */
  gatedPages?: readonly GatedPage[];
}

/** Chunks per public route, written by the web build (vite-plugins/initialJsReport.ts). */
function readRoutePreloads(file: string): Record<string, string[]> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  } catch {
    return {};
  }
}

/** A public page's HTML rendered by the web build (web/vite-plugins/prerenderPages.ts). */
interface PrerenderedPage {
  /** Resource hints for <head>. */
  head: string;
  /** The page, for inside <div id="root">. */
  html: string;
  /** The page reads its query string: the pre-rendered HTML only fits a request without one. */
  readsQuery: boolean;
}

/** Pages per canonical path, written by the web build; none when it is missing or unreadable. */
function readPrerendered(file: string): Record<string, PrerenderedPage> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, PrerenderedPage>;
  } catch {
    return {};
  }
}

/** The empty app container of web/index.html that a pre-rendered page fills. */
const ROOT = '<div id="root"></div>';
/** The JSON script a page drawn with data carries (web/src/lib/initialData.tsx reads it). */
const pageDataScript = (dataJson: string) =>
  // `<` escaped, so no value can close the element.
  `<script type="application/json" id="page-data">${dataJson.replace(/</g, '\\u003c')}</script>`;

/** The built shell's entry script and the chunks it preloads (Vite writes them into the head). */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const SHELL_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A pre-rendered page can be read before any script runs, so its scripts start downloading once it
 * has painted rather than competing with it for a slow connection; then React hydrates it. (A tab
 * opened in the background paints no frame: the timeout starts the app there.)
 */
export function startAfterPaint(shell: string, routeChunks: string[]): string {
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (!entry) return shell;
  const chunks = [...[...shell.matchAll(SHELL_PRELOAD)].map((m) => m[1]!), ...routeChunks];
  // JSON in a script: `<` is escaped so no file name could close the element.
  const data = JSON.stringify({ entry, chunks }).replace(/</g, '\\u003c');
  const loader = `<script>(() => {
      const { entry, chunks } = ${data};
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        for (const href of chunks) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }));
        document.head.append(Object.assign(document.createElement('script'), { type: 'module', crossOrigin: '', src: entry }));
      };
      requestAnimationFrame(() => setTimeout(start));
      setTimeout(start, 1000);
    })();</script>`;
  return shell
    .replace(ENTRY_SCRIPT, '')
    .replace(SHELL_PRELOAD, '')
    .replace('</body>', () => `  ${loader}\n  </body>`);
}

/** Without the session cookie nobody is signed in: the page says so, and skips the session check. */
const HTML_TAG = '<html lang="en">';
const hasSessionCookie = (req: Request) =>
  (req.headers.cookie ?? '').split(';').some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`));

/**
 * The language the web app opens a page it draws itself in: the one chosen in this browser (kept in
 * a cookie beside the stored choice: web/src/features/languages/languageChoice.ts), else the
 * browser's (useLanguageChoice.ts does the same in the page).
 */
function appLanguage(req: Request): Language {
  const chosen = /(?:^|;\s*)chorus_language=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  return isLanguage(chosen) ? chosen : requestLanguage(req.headers['accept-language']);
}

/** Served uncached by webRoutes: the service worker, its offline page (and its script) and the app's manifest. */
const INSTALLABLE_APP_FILES = ['sw.js', 'push-sw.js', 'offline.html', 'offline.js', 'manifest.webmanifest'];

/** The block of web/index.html that each route's head tags replace. */
const META_BLOCK = /<!-- page-meta[\s\S]*?<!-- \/page-meta -->/;

/**
 * Serves the built web app. Hashed assets are cached for a year; pages are always revalidated so a
 * deploy is picked up at once. Every page's HTML carries its own title, description, social tags,
 * canonical link and JSON-LD (from @chorus/api/seo, the table the web app uses too), so crawlers and
 * link previews that run no JavaScript see them. Unknown paths and private or missing videos answer
 * 404 with the app shell, whose router shows the matching "not found" screen. A public page's own
 * code chunks are preloaded with the HTML, so they download alongside the entry, not after it. The
 * static public pages arrive already drawn (pre-rendered by the web build), the public data pages
 * drawn per request with their data (serverRender.ts), and React hydrates them.
 */
export function webRoutes(distDir: string, options: WebOptions): Router {
  const r = Router();
  // Pages, scripts and the sitemap travel compressed: a phone on a slow network gets a third of the bytes.
  r.use(compression());
  const origin = (req: Request) => options.publicUrl ?? `${req.protocol}://${req.get('host')}`;
  // Without PUBLIC_URL, links are written from the request's Host header, which anyone can forge:
  // such answers are never stored by shared caches, so a forged Host reaches only its own sender.
  const cacheable = (shared: string, perHost: string) => (options.publicUrl ? shared : perHost);

  r.get('/robots.txt', (req, res) => {
    res.setHeader('Cache-Control', cacheable('public, max-age=3600', 'private, no-store'));
    res.type('text/plain').send(
      [
        'User-agent: *',
        'Allow: /',
        // Machine endpoints, not pages. Signed-in pages stay crawlable so their noindex is seen.
        'Disallow: /api/',
        'Disallow: /graphql',
        'Disallow: /graphiql',
        '',
        `Sitemap: ${origin(req)}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  for (const routes of options.routes?.({ origin, cacheable }) ?? []) r.use(routes);

  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) {
    r.get('/{*path}', (_req, res) => {
      res.status(503).type('text').send('The web app is not built yet: run `npm run build`.');
    });
    return r;
  }
  const shell = readFileSync(index, 'utf8');
  const preloads = readRoutePreloads(path.join(distDir, 'route-preloads.json'));
  const prerendered = readPrerendered(path.join(distDir, 'prerendered.json'));
  const renderPage = serverRenderer(distDir);
  if (!META_BLOCK.test(shell))
    logger.warn('web/dist/index.html has no page-meta block: head tags not rendered');
  if (!shell.includes(ROOT))
    logger.warn('web/dist/index.html has no empty root element: pages not pre-rendered');

  r.use(
    '/assets',
    // Hashed names never change content: no Last-Modified or ranges to revalidate or resume them.
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      lastModified: false,
      acceptRanges: false,
      // The artifact preview frame (artifactFrame.ts) is an opaque origin: its module scripts are
      // cross-origin requests. Public code, and `*` never lets credentials through.
      setHeaders: (res) => res.setHeader('Access-Control-Allow-Origin', '*'),
    }),
  );
  r.use(artifactFrameRoute(distDir));
  // The server entry is code the api runs, not a file for browsers.
  r.use('/ssr', (_req, res) => {
    res.status(404).end();
  });
  // The installable app's files (web/vite-plugins/serviceWorker.ts): the service worker at the root, so
  // its scope is the whole site, and what it hands out offline. Browsers then check them on every
  // visit, so a deploy reaches installed apps at once (a browser caps a worker's HTTP caching at 24 h
  // anyway). A build without them (vite dev) falls through to the pages below.
  for (const file of INSTALLABLE_APP_FILES) {
    r.get(`/${file}`, (_req, res, next) => {
      res.sendFile(
        path.join(distDir, file),
        { cacheControl: false, lastModified: false, headers: { 'Cache-Control': 'no-cache' } },
        (err) => {
          if (err && !res.headersSent) next();
        },
      );
    });
  }
  r.use(express.static(distDir, { index: false, maxAge: '1h' }));
  r.get('/{*path}', async (req, res, next) => {
    try {
      const base = origin(req);
      // A page in another language is the English one under its prefix (/es/pricing); only the
      // public pages every language has (isLocalizedPath) exist there.
      const language: Language = languageOfPath(req.path);
      const englishPath = pathWithoutLanguage(req.path);
      const route = language === 'en' || isLocalizedPath(englishPath) ? matchRoute(englishPath) : null;
      const source = options.pageSource();
      let meta: PageMeta = NOT_FOUND_META;
      let status = 404;
      let preloadKey = '404';
      let unlisted = false;
      // Whether the answer depends on who asks (a gated page): never kept by a shared cache.
      let personal = false;
      const gated = route
        ? undefined
        : options.gatedPages?.find((p) =>
            p.matches(req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path),
          );
      if (gated) {
        personal = true;
        if (await gated.allows(req, res)) {
          meta = gated.meta;
          status = 200;
          preloadKey = '';
        }
      } else if (route?.kind === 'static') {
        meta =
          language === 'en'
            ? route.meta
            : localizeMeta(route.meta, (text) => translate(language, text), `/${language}`);
        status = 200;
        // Invitation links have no canonical path: their page is keyed by its pattern.
        preloadKey =
          route.meta.canonicalPath ?? (/^\/invite\/[^/]+\/?$/.test(req.path) ? '/invite/{token}' : '');
      } else if (route) {
        // A data page (a video, a shared chat): the module that draws it finds what it names.
        const page = options.pages.find((p) => p.kind === route.kind);
        if (page) {
          preloadKey = page.preloadKey;
          const found = await page.meta(route, source, base);
          if (found) {
            // A video's own words stay as written; its page's address is the language's.
            meta = language === 'en' ? found : localizeMeta(found, (text) => text, `/${language}`);
            status = 200;
          } else {
            meta = page.notFoundMeta;
          }
          // A bearer link: kept out of search (also for crawlers that skip the meta tag).
          if (page.unlisted) {
            unlisted = true;
            res.setHeader('X-Robots-Tag', 'noindex');
          }
        }
      }
      // Public pages arrive drawn (the browser then hydrates them): the static ones as the build drew
      // them, the data pages drawn now with their data. The signed-in app renders in the browser.
      const page = status === 200 && meta.canonicalPath ? prerendered[meta.canonicalPath] : undefined;
      // The page's other languages (hreflang), for the pages every language has.
      const alternates =
        status === 200 && meta.canonicalPath && isLocalizedPath(englishPath)
          ? (path: Language) =>
              pathInLanguage(englishPath === '/' ? '/' : englishPath.replace(/\/+$/, ''), path)
          : undefined;
      let drawn: { head: string; html: string } | null =
        page && (!page.readsQuery || !req.originalUrl.includes('?')) ? page : null;
      let pageData: string | null = null;
      // The community gallery's search and tag live in its URL (?q=, ?tag=); it is drawn here
      // unfiltered only, so a filtered one is left to the browser (which draws what it asks for).
      const filtered =
        meta.canonicalPath === '/community-videos' &&
        (req.query.q !== undefined || req.query.tag !== undefined);
      // Shared chats are drawn too, though not indexed (they have no canonical path).
      if (!drawn && !filtered && status === 200 && (meta.canonicalPath || unlisted)) {
        // A page that can't be drawn here is still served: the browser draws it, as without a build.
        const rendered = await renderPage(req.path, source).catch((err: unknown) => {
          logger.error({ err, path: req.path }, 'server rendering failed: the page renders in the browser');
          return null;
        });
        if (rendered) {
          drawn = rendered;
          pageData = rendered.dataJson;
        }
      }
      // The chat, opened with a session: its code is preloaded with the HTML (so it downloads while the
      // session is checked) and its outline paints before any script has run (appShell.ts).
      const chatWithSession = status === 200 && isChatPath(req.path) && hasSessionCookie(req);
      if (chatWithSession) preloadKey = '/chat';
      const routeChunks = (preloads[preloadKey] ?? []).map((file) => `/${file}`);
      // The built shell's scripts start after the first paint (a dev shell has none to move).
      const deferred = drawn !== null && ENTRY_SCRIPT.test(shell);
      const modulePreloads = deferred
        ? []
        : routeChunks.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
      const head = [
        renderHeadTags(meta, base, `${base}${req.originalUrl}`, alternates),
        ...(drawn?.head ? [drawn.head] : []),
      ].join('\n    ');
      // The built shell is ours: its scripts, the loader included, get this response's CSP nonce
      // (securityHeaders.ts) once the loader is in, which looks for the entry's tag without one.
      // The route's chunks come after the shell's own entry and preloads: a browser fetches in document
      // order, and nothing of the route runs before the entry (React, the theme) has arrived.
      // The chat's outline (appShell.ts) goes in before the nonces too: its script is ours.
      const shellLanguage = chatWithSession ? appLanguage(req) : language;
      const template = chatWithSession
        ? shell.replace(ROOT, () => `${appShellHtml(shellLanguage)}${ROOT}`)
        : shell;
      let html = withScriptNonce(deferred ? startAfterPaint(template, routeChunks) : template, res)
        .replace(META_BLOCK, () => head)
        .replace('</head>', () => `${modulePreloads.map((link) => `  ${link}\n`).join('')}  </head>`);
      const htmlTag = `<html lang="${shellLanguage}"${hasSessionCookie(req) ? '' : ' data-session="none"'}>`;
      html = html.replace(HTML_TAG, () => htmlTag);
      if (drawn) {
        const data = pageData ? pageDataScript(pageData) : '';
        html = html.replace(ROOT, () => `<div id="root">${drawn.html}</div>${data}`);
      }
      res.setHeader(
        'Cache-Control',
        personal ? 'private, no-cache' : cacheable('no-cache', 'private, no-cache'),
      );
      res.vary('Cookie');
      res.status(status).type('html').send(html);
    } catch (err) {
      next(err);
    }
  });
  return r;
}
