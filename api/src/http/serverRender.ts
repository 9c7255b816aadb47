import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicPageSource } from '../domain/video/publicPages.ts';
import { logger } from '../platform/logger.ts';

/**
 * The web build's server entry (web/src/entry-prerender.tsx, built into web/dist/ssr): the same React
 * tree the browser runs, rendered to HTML. The build uses it for the static pages; the api uses it
 * per request for the public data pages (the community gallery, a video's page), so they arrive
 * drawn with their data instead of as a spinner, and crawlers and slow phones see the content.
 */
interface WebServerEntry {
  prerender(url: string, data?: Record<string, unknown>): Promise<{ head: string; html: string }>;
  loadPageData(pathname: string, source: PublicPageSource): Promise<Record<string, unknown> | null>;
}

export interface DrawnPage {
  /** Resource hints for <head>. */
  head: string;
  /** The page, for inside <div id="root">. */
  html: string;
  /** What it was drawn with, for the page's JSON script (the browser hydrates from it). */
  data: Record<string, unknown>;
}

export type PageRenderer = (pathname: string, source: PublicPageSource) => Promise<DrawnPage | null>;

/**
 * Loads the server entry once, on first use. Without a build (or with a broken one) pages simply
 * render in the browser, as they would with JavaScript alone.
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
  return async (pathname, source) => {
    const server = await load();
    if (!server) return null;
    const data = await server.loadPageData(pathname, source);
    if (!data) return null;
    const { head, html } = await server.prerender(pathname, data);
    return { head, html, data };
  };
}
