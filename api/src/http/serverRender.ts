import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { logger } from '../platform/logger.ts';
import type { PageSource } from './module.ts';

/**
 * The web build's server entry (web/src/entry-prerender.tsx, built into web/dist/ssr): the same React
 * tree the browser runs, rendered to HTML. The build uses it for the static pages; the api uses it
 * per request for the public data pages (the community gallery, a video's page), so they arrive
 * drawn with their data instead of as a spinner, and crawlers and slow phones see the content.
 */
/** The public data the server draws pages with (the modules' page sources: the gallery and videos, shared chats). */
export type PublicPageSource = PageSource;

interface WebServerEntry {
  prerender(url: string, data?: Record<string, unknown>): Promise<{ head: string; html: string }>;
  loadPageData(pathname: string, source: PublicPageSource): Promise<Record<string, unknown> | null>;
}

export interface DrawnPage {
  /** Resource hints for <head>. */
  head: string;
  /** The page, for inside <div id="root">. */
  html: string;
  /** What it was drawn with, as JSON, for the page's data script (the browser hydrates from it). */
  dataJson: string;
}

/** Drawn pages kept per process: most requests for a page find the same data as the last one. */
const CACHED_PAGES = 100;

export type PageRenderer = (pathname: string, source: PublicPageSource) => Promise<DrawnPage | null>;

/**
 * Loads the server entry once, starting now (in the background: it takes about a second, which the
 * first visitor of a data page should not wait for). Without a build (or with a broken one) pages
 * simply render in the browser, as they would with JavaScript alone.
 */
export function serverRenderer(distDir: string): PageRenderer {
  const file = path.join(distDir, 'ssr', 'entry-prerender.js');
  let entry: Promise<WebServerEntry | null> | undefined;
  const load = () => {
    entry ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<WebServerEntry>).catch((err: unknown) => {
          logger.error(
            { err },
            'could not load the web server entry: public data pages render in the browser',
          );
          return null;
        })
      : Promise.resolve(null);
    return entry;
  };
  void load();
  // The HTML is a function of the path and the data alone (pages are drawn as a visitor who is not
  // signed in sees them), so equal data means equal HTML: drawing costs milliseconds of CPU, a hit none.
  const drawn = new Map<string, Promise<{ head: string; html: string }>>();
  return async (pathname, source) => {
    const server = await load();
    if (!server) return null;
    const data = await server.loadPageData(pathname, source);
    if (!data) return null;
    const dataJson = JSON.stringify(data);
    const key = `${pathname}\n${dataJson}`;
    let page = drawn.get(key);
    if (page) {
      drawn.delete(key); // most recently used last
    } else {
      page = server.prerender(pathname, data);
      page.catch(() => drawn.delete(key));
      if (drawn.size >= CACHED_PAGES) drawn.delete(drawn.keys().next().value!);
    }
    drawn.set(key, page);
    return { ...(await page), dataJson };
  };
}
