import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import {
  isLocalizedPath,
  LANGUAGES,
  type Language,
  PREFIXED_LANGUAGES,
  pathInLanguage,
} from '@chorus/shared/languages';
import { PUBLIC_PAGES } from '@chorus/shared/seo';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Request, type RequestHandler, Router } from 'express';
import { escapeHtml } from '../../../platform/html.ts';
import type { KeysetPosition } from '../../../platform/keysetCursor.ts';
import { logger } from '../../../platform/logger.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import { PUBLIC_VIDEOS_CHANGED } from '../core/posts.ts';
import {
  type SitemapVideo,
  sitemapCreators,
  sitemapVideoFileStarts,
  sitemapVideos,
} from '../core/sitemap.ts';

/** URLs per video sitemap file (the protocol allows 50,000; smaller files build and travel faster). */
export const SITEMAP_VIDEOS_PER_FILE = 10_000;
/** However the cache is dropped, a file is rebuilt at least this often. */
const SITEMAP_TTL_MS = 10 * 60_000;
/** Distinct (host, file) answers kept; only without PUBLIC_URL do hosts vary. */
const MAX_ENTRIES = 1_000;

const gzip = promisify(gzipCallback);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const XHTML_NS = 'xmlns:xhtml="http://www.w3.org/1999/xhtml"';

export interface SitemapOptions {
  em: EntityManager;
  /** Drops the cached files in every process when public videos change (PUBLIC_VIDEOS_CHANGED). */
  pubsub?: Pick<PubSub, 'subscribe'>;
  /** Where links point: PUBLIC_URL, or the request's own host. */
  origin: (req: Request) => string;
  /** The Cache-Control these answers carry (shared only when links do not come from the Host header). */
  cacheControl: string;
  videosPerFile?: number;
}

/**
 * `/sitemap.xml` is a sitemap index naming `/sitemaps/pages.xml` (the public pages),
 * `/sitemaps/creators.xml` (the profiles of people with public videos, when there are any) and
 * `/sitemaps/videos-<n>.xml` (public videos, a keyset page each): however many videos are
 * published, no answer grows past one file's worth. Files are built (and compressed) once and kept
 * in memory; when public videos change (the posts trigger's NOTIFY reaches every process) or their
 * time runs out they are rebuilt behind the copy being served.
 */
export function sitemapRoutes(options: SitemapOptions): Router {
  const perFile = options.videosPerFile ?? SITEMAP_VIDEOS_PER_FILE;
  const answers = new Kept<Answer | null>(MAX_ENTRIES);
  const starts = new Kept<KeysetPosition[]>(1);
  const creatorsKept = new Kept<{ username: string; lastmod: Date }[]>(1);
  options.pubsub
    ?.subscribe(PUBLIC_VIDEOS_CHANGED, () => {
      answers.markStale();
      starts.markStale();
      creatorsKept.markStale();
    })
    .catch((err) => logger.error({ err }, 'sitemap invalidation channel unavailable'));
  const fileStarts = () => starts.get('starts', () => sitemapVideoFileStarts(options.em, perFile));
  const creatorsFile = () => creatorsKept.get('creators', () => sitemapCreators(options.em));

  const serve = (name: string, build: (base: string) => Promise<string | null>) =>
    (async (req, res, next) => {
      try {
        const base = options.origin(req);
        const answer = await answers.get(`${base}\n${name}`, async () => {
          const xml = await build(base);
          return xml === null ? null : encode(xml);
        });
        if (!answer) {
          res.status(404).type('text/plain').send('No such sitemap');
          return;
        }
        res.setHeader('Cache-Control', options.cacheControl);
        res.setHeader('ETag', answer.etag);
        res.vary('Accept-Encoding');
        res.type('application/xml');
        // Compressed once when built, not per request (compression() leaves an encoded body alone).
        if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
          res.setHeader('Content-Encoding', 'gzip');
          res.send(answer.gzip);
        } else res.send(answer.body);
      } catch (err) {
        next(err);
      }
    }) satisfies RequestHandler;

  const r = Router();
  r.get(
    '/sitemap.xml',
    serve('index', async (base) => {
      const [files, creators] = await Promise.all([
        fileStarts().then((starts) => starts.length),
        creatorsFile(),
      ]);
      const locs = [`${base}/sitemaps/pages.xml`];
      if (creators.length) locs.push(`${base}/sitemaps/creators.xml`);
      for (let n = 1; n <= files; n++) {
        locs.push(`${base}/sitemaps/videos-${n}.xml`);
        // Each video's page in the other languages (/es/videos/…), a file per language.
        for (const language of PREFIXED_LANGUAGES) locs.push(`${base}/sitemaps/videos-${n}-${language}.xml`);
      }
      return [
        XML_HEAD,
        `<sitemapindex ${NS}>`,
        ...locs.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`),
        '</sitemapindex>',
        '',
      ].join('\n');
    }),
  );
  r.get(
    '/sitemaps/pages.xml',
    // Every language's version of the pages that have one, each naming the others (hreflang).
    serve('pages', async (base) =>
      urlset(
        Object.values(PUBLIC_PAGES).flatMap((page) =>
          isLocalizedPath(page.canonicalPath)
            ? LANGUAGES.map((language) =>
                urlEntry(
                  `${base}${pathInLanguage(page.canonicalPath, language)}`,
                  undefined,
                  alternates(base, page.canonicalPath),
                ),
              )
            : [urlEntry(`${base}${page.canonicalPath}`)],
        ),
        XHTML_NS,
      ),
    ),
  );
  // The profiles of people with public videos (creators module's /u/{username}).
  r.get(
    '/sitemaps/creators.xml',
    serve('creators', async (base) => {
      const creators = await creatorsFile();
      if (!creators.length) return null;
      return urlset(creators.map((c) => urlEntry(`${base}/u/${encodeURIComponent(c.username)}`, c.lastmod)));
    }),
  );
  const languageGroup = PREFIXED_LANGUAGES.join('|');
  r.get(new RegExp(`^/sitemaps/videos-([1-9]\\d{0,5})(?:-(${languageGroup}))?\\.xml$`), (req, res, next) => {
    const params = req.params as Record<string, string | undefined>;
    const n = Number(params[0]);
    const language = (params[1] ?? 'en') as Language;
    return serve(`videos-${n}-${language}`, async (base) => {
      const start = (await fileStarts())[n - 1];
      if (!start) return null;
      const videos = await sitemapVideos(options.em, start, perFile);
      return urlset(videos.map((video) => videoEntry(base, video, language)));
    })(req, res, next);
  });
  r.get('/sitemaps/{*rest}', (_req, res) => {
    res.status(404).type('text/plain').send('No such sitemap');
  });
  return r;
}

interface Answer {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

async function encode(xml: string): Promise<Answer> {
  const body = Buffer.from(xml);
  return {
    body,
    gzip: await gzip(body),
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}

/**
 * Values kept in memory, rebuilt when stale without making anyone wait: a stale value is served
 * while its rebuild runs (a sitemap a moment behind is fine for a crawler), and only a value never
 * built is waited for. Values go stale when public videos change or after SITEMAP_TTL_MS.
 */
class Kept<V> {
  private readonly entries = new Map<
    string,
    { value?: V; building?: Promise<V>; builtAt: number; generation: number }
  >();
  private generation = 0;

  constructor(private readonly maxEntries: number) {}

  markStale(): void {
    this.generation++;
  }

  async get(key: string, build: () => Promise<V>): Promise<V> {
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      entry = { builtAt: 0, generation: -1 };
      this.entries.set(key, entry);
    }
    const fresh = entry.generation === this.generation && Date.now() - entry.builtAt < SITEMAP_TTL_MS;
    if (entry.value !== undefined && fresh) return entry.value;
    if (!entry.building) {
      const generation = this.generation;
      const kept = entry;
      kept.building = build()
        .then((value) => {
          Object.assign(kept, { value, builtAt: Date.now(), generation });
          return value;
        })
        .finally(() => {
          kept.building = undefined;
        });
      // A failed rebuild behind a stale value is logged; the next request tries again.
      kept.building.catch((err) => {
        if (kept.value !== undefined) logger.error({ err, key }, 'sitemap rebuild failed');
      });
    }
    return entry.value !== undefined ? entry.value : entry.building!;
  }
}

const urlEntry = (loc: string, lastmod?: Date, links = '') =>
  `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${links}</url>`;

/** The hreflang links of a page that exists in every language (English also as x-default). */
const alternates = (base: string, path: string) =>
  [...LANGUAGES.map((language) => [language, language] as const), ['x-default', 'en'] as const]
    .map(
      ([hreflang, language]) =>
        `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${base}${pathInLanguage(path, language)}`)}"/>`,
    )
    .join('');

const videoEntry = (base: string, video: SitemapVideo, language: Language) =>
  urlEntry(
    `${base}${pathInLanguage(`/videos/${encodeURIComponent(video.slug)}`, language)}`,
    new Date(video.updatedAt),
  );

const urlset = (entries: string[], namespaces = '') =>
  [XML_HEAD, `<urlset ${NS}${namespaces ? ` ${namespaces}` : ''}>`, ...entries, '</urlset>', ''].join('\n');
