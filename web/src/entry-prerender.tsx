import { languageOfPath, pathWithoutLanguage } from '@chorus/shared/languages';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppShell } from './app/App';
import { AppRoutes } from './app/AppRoutes';
import { InitialDataProvider } from './lib/initialData';
import { loadPageData as loadEnglishPageData } from './lib/publicPageData';
import { translatorFor } from './lib/translators';

/** The data a public data page is drawn with; a page in another language (/es/videos/…) has its English one's. */
export const loadPageData: typeof loadEnglishPageData = (pathname, source) =>
  loadEnglishPageData(pathWithoutLanguage(pathname), source);

/**
 * The server entry: renders one public route to the HTML that goes inside <div id="root"> (and the
 * resource hints for <head>), as a visitor who is not signed in sees it, waiting for the lazy page.
 * The web build pre-renders the static pages with it (vite-plugins/prerenderPages.ts); the api renders
 * the public data pages with it per request, with the data `loadPageData` read for them (which the
 * browser then finds in the page, so hydration draws the same). Emotion writes each component's
 * styles as a <style> tag before it, so the page paints styled before any JavaScript runs; in the browser Emotion moves those tags into <head> before React
 * hydrates. Nothing here depends on the colour mode: Chakra's colours are CSS variables keyed off
 * the class the inline script in index.html puts on <html>.
 */
export async function prerender(
  url: string,
  data: Record<string, unknown> = {},
): Promise<{ head: string; html: string }> {
  // A fresh cache per page: each page's HTML must carry every style it uses.
  const cache = createCache({ key: 'css' });
  // In the page's language: its path's prefix (/es/…), else English.
  const translator = await translatorFor(languageOfPath(url));
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <InitialDataProvider data={new Map(Object.entries(data))}>
        <CacheProvider value={cache}>
          <AppShell translator={translator}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppShell>
        </CacheProvider>
      </InitialDataProvider>
    </StrictMode>,
    // Every boundary in place: React would otherwise send a large one (the page) behind its spinner and
    // swap it in with a script, which paints the spinner first and shifts the layout.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(typeof part === 'string' ? Buffer.from(part) : part);
  const html = Buffer.concat(parts).toString('utf8');
  // React puts its resource hints (e.g. preloading the logo image) first; they belong in <head>, and
  // inside #root hydration would meet them where it expects the app's first element.
  const hints = /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? '';
  return { head: hints, html: html.slice(hints.length) };
}
