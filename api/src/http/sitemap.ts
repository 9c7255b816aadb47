import { PUBLIC_PAGES } from '@chorus/shared/seo';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Request, type Response, Router } from 'express';
import { PUBLIC_VIDEOS_CHANGED } from '../modules/video/core/posts.ts';
import { type SitemapVideo, sitemapVideoFileStarts, sitemapVideos } from '../modules/video/core/sitemap.ts';
import { escapeHtml } from '../platform/html.ts';
import { logger } from '../platform/logger.ts';
import type { PubSub } from '../platform/pubsub.ts';

/** URLs per video sitemap file (the protocol allows 50,000; smaller files build and travel faster). */
export const SITEMAP_VIDEOS_PER_FILE = 10_000;
/** However the cache is dropped, a file is rebuilt at least this often. */
const SITEMAP_TTL_MS = 10 * 60_000;
/** Distinct (host, file) answers kept; only without PUBLIC_URL do hosts vary. */
const MAX_ENTRIES = 1_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

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
 * `/sitemap.xml` is a sitemap index naming `/sitemaps/pages.xml` (the public pages) and
 * `/sitemaps/videos-<n>.xml` (public videos, a keyset page each): however many videos are
 * published, no answer grows past one file's worth. Files are built once and kept in memory until
 * public videos change (the posts trigger's NOTIFY reaches every process) or their time runs out.
 */
export function sitemapRoutes(options: SitemapOptions): Router {
  const perFile = options.videosPerFile ?? SITEMAP_VIDEOS_PER_FILE;
  const answers = new Map<string, { xml: string; until: number }>();
  let starts:
    | { value: Promise<Awaited<ReturnType<typeof sitemapVideoFileStarts>>>; until: number }
    | undefined;
  // A build that started before a change is not stored (its data may be from before it).
  let generation = 0;
  const dropAll = () => {
    generation++;
    answers.clear();
    starts = undefined;
  };
  options.pubsub
    ?.subscribe(PUBLIC_VIDEOS_CHANGED, dropAll)
    .catch((err) => logger.error({ err }, 'sitemap invalidation channel unavailable'));

  const fileStarts = () => {
    if (!starts || starts.until <= Date.now()) {
      const value = sitemapVideoFileStarts(options.em, perFile);
      const entry = { value, until: Date.now() + SITEMAP_TTL_MS };
      starts = entry;
      value.catch(() => {
        if (starts === entry) starts = undefined;
      });
    }
    return starts.value;
  };

  async function cached(req: Request, name: string, build: (base: string) => Promise<string | null>) {
    const base = options.origin(req);
    const key = `${base}\n${name}`;
    const hit = answers.get(key);
    if (hit && hit.until > Date.now()) return hit.xml;
    const at = generation;
    const xml = await build(base);
    if (xml !== null && at === generation) {
      if (answers.size >= MAX_ENTRIES) answers.clear();
      answers.set(key, { xml, until: Date.now() + SITEMAP_TTL_MS });
    }
    return xml;
  }

  const send = (res: Response, xml: string | null) => {
    if (xml === null) {
      res.status(404).type('text/plain').send('No such sitemap');
      return;
    }
    res.setHeader('Cache-Control', options.cacheControl);
    res.type('application/xml').send(xml);
  };

  const r = Router();
  r.get('/sitemap.xml', async (req, res, next) => {
    try {
      const xml = await cached(req, 'index', async (base) => {
        const files = (await fileStarts()).length;
        const locs = [`${base}/sitemaps/pages.xml`];
        for (let n = 1; n <= files; n++) locs.push(`${base}/sitemaps/videos-${n}.xml`);
        return [
          XML_HEAD,
          `<sitemapindex ${NS}>`,
          ...locs.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`),
          '</sitemapindex>',
          '',
        ].join('\n');
      });
      send(res, xml);
    } catch (err) {
      next(err);
    }
  });
  r.get('/sitemaps/pages.xml', async (req, res, next) => {
    try {
      const xml = await cached(req, 'pages', async (base) =>
        urlset(Object.values(PUBLIC_PAGES).map((page) => urlEntry(`${base}${page.canonicalPath}`))),
      );
      send(res, xml);
    } catch (err) {
      next(err);
    }
  });
  r.get(/^\/sitemaps\/videos-([1-9]\d{0,5})\.xml$/, async (req, res, next) => {
    try {
      const n = Number((req.params as Record<string, string>)[0]);
      const xml = await cached(req, `videos-${n}`, async (base) => {
        const start = (await fileStarts())[n - 1];
        if (!start) return null;
        const videos = await sitemapVideos(options.em, start, perFile);
        return urlset(videos.map((video) => videoEntry(base, video)));
      });
      send(res, xml);
    } catch (err) {
      next(err);
    }
  });
  r.get('/sitemaps/{*rest}', (_req, res) => send(res, null));
  return r;
}

const urlEntry = (loc: string, lastmod?: Date) =>
  `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

const videoEntry = (base: string, video: SitemapVideo) =>
  urlEntry(`${base}/videos/${encodeURIComponent(video.slug)}`, new Date(video.updatedAt));

const urlset = (entries: string[]) => [XML_HEAD, `<urlset ${NS}>`, ...entries, '</urlset>', ''].join('\n');
