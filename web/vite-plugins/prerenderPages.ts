import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/**
 * Where the server build goes, inside the web app's build (web/dist/ssr): the api loads it to draw the
 * public data pages per request (api/src/http/serverRender.ts) and never serves it as a file. Its
 * imports of React, Chakra… resolve from web's node_modules, as any Node module's do.
 */
export const SERVER_OUT_DIR = 'ssr';
const SERVER_ENTRY = 'src/entry-prerender.tsx';

export interface PrerenderedPage {
  /** Resource hints React collected while rendering (<link rel="preload">…), for <head>. */
  head: string;
  /** The HTML inside <div id="root">. */
  html: string;
  /** The page reads its query string (e.g. /register?payment=cancelled): served only without one. */
  readsQuery: boolean;
}

export interface PrerenderRoute {
  route: string;
  readsQuery?: boolean;
}

/**
 * After the browser build, builds src/entry-prerender.tsx for Node into dist/ssr, renders each listed
 * public route with it and writes dist/prerendered.json (route → page HTML), which the api places
 * inside <div id="root"> so the page paints before its JavaScript has loaded (main.tsx then hydrates
 * it). The api keeps using dist/ssr for the pages whose HTML depends on data.
 */
export function prerenderPages(routes: PrerenderRoute[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chorus:prerender-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const distDir = path.resolve(config.root, config.build.outDir);
      const outDir = path.join(distDir, SERVER_OUT_DIR);
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: SERVER_ENTRY, outDir, emptyOutDir: true, copyPublicDir: false },
      });
      const entry = path.join(outDir, `${path.basename(SERVER_ENTRY, '.tsx')}.js`);
      const { prerender } = (await import(pathToFileURL(entry).href)) as {
        prerender: (url: string) => Promise<{ head: string; html: string }>;
      };
      const pages: Record<string, PrerenderedPage> = {};
      for (const { route, readsQuery = false } of routes) {
        pages[route] = { ...(await prerender(route)), readsQuery };
      }
      mkdirSync(distDir, { recursive: true });
      writeFileSync(path.join(distDir, 'prerendered.json'), `${JSON.stringify(pages)}\n`);
      config.logger.info(`pre-rendered ${routes.length} public pages into dist/prerendered.json`);
    },
  };
}
