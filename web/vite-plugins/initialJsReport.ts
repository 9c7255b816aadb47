import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export interface RouteEntry {
  route: string;
  /** Source files (relative to web/src) whose lazy chunks load when the route is opened directly. */
  modules: string[];
  /** False for a signed-in route: its chunks are preloaded too, but the public budget isn't its. */
  budget?: false;
}

/**
 * After a build, prints how much JavaScript (gzipped) each public route downloads before it can show
 * itself: the entry chunk, the lazy chunks of the route's layout and page, and everything those import
 * statically. A route over the budget fails the build (`INITIAL_JS_STRICT=0` only marks it).
 * Also writes dist/route-preloads.json (route → its chunks), which the api turns into modulepreload links.
 */
export function initialJsReport(routes: RouteEntry[], budgetKb: number): Plugin {
  return {
    name: 'chorus:initial-js-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<
        string,
        { code: string; imports: string[]; facade?: string | null; isEntry: boolean }
      >();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') {
          chunks.set(file.fileName, {
            code: file.code,
            imports: file.imports,
            facade: file.facadeModuleId,
            isEntry: file.isEntry,
          });
        }
      }
      const gz = new Map<string, number>();
      const sizeOf = (name: string) => {
        let size = gz.get(name);
        if (size === undefined) {
          size = gzipSync(chunks.get(name)!.code, { level: 9 }).length;
          gz.set(name, size);
        }
        return size;
      };
      const closure = (start: string[], seen = new Set<string>()) => {
        const stack = [...start];
        while (stack.length) {
          const name = stack.pop()!;
          if (seen.has(name) || !chunks.has(name)) continue;
          seen.add(name);
          stack.push(...chunks.get(name)!.imports);
        }
        return seen;
      };
      const entries = [...chunks].filter(([, c]) => c.isEntry).map(([name]) => name);
      const chunkOf = (module: string) =>
        [...chunks].find(([, c]) => c.facade?.replace(/\\/g, '/').endsWith(`/src/${module}`))?.[0];

      const rows: [string, number, number][] = [];
      const entryFiles = closure(entries);
      const preloads: Record<string, string[]> = {};
      const over: string[] = [];
      for (const { route, modules, budget } of routes) {
        const lazy = modules.map((m) => {
          const chunk = chunkOf(m);
          if (!chunk) this.error(`initial JS report: no chunk for ${m} (route ${route})`);
          return chunk;
        });
        const files = closure([...entries, ...lazy]);
        // The route's own chunks, for the server to preload with the HTML (index.html already
        // preloads the entry's imports): the page's code then arrives without a request waterfall.
        preloads[route] = [...files].filter((f) => !entryFiles.has(f));
        const bytes = [...files].reduce((sum, f) => sum + sizeOf(f), 0);
        rows.push([route, bytes, files.size]);
        // INITIAL_JS_DETAIL=1 lists each route's files, to see what to split next.
        if (process.env.INITIAL_JS_DETAIL && process.env.INITIAL_JS_DETAIL !== '0') {
          const list = [...files]
            .map((f) => `${(sizeOf(f) / 1024).toFixed(1)} ${f}`)
            .sort((a, b) => parseFloat(b) - parseFloat(a));
          console.log(`${route}:\n    ${list.join('\n    ')}`);
        }
        if (budget !== false && bytes > budgetKb * 1024) over.push(route);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
      const width = Math.max(...rows.map(([r]) => r.length));
      const lines = rows.map(
        ([route, bytes, count]) =>
          `  ${bytes <= budgetKb * 1024 ? '  ok' : over.includes(route) ? 'over' : '    '}  ${route.padEnd(width)}  ${(bytes / 1024).toFixed(1).padStart(6)} KB gzip  (${count} files)`,
      );
      console.log(
        `\nInitial JavaScript per public route (budget ${budgetKb} KB gzip):\n${lines.join('\n')}\n`,
      );
      // The budget is a requirement (issue 7), so going over it fails the build; INITIAL_JS_STRICT=0
      // only marks the routes, e.g. to measure a change that is still being trimmed.
      if (over.length && process.env.INITIAL_JS_STRICT !== '0') {
        this.error(
          `over the ${budgetKb} KB initial JavaScript budget: ${over.join(', ')} (INITIAL_JS_DETAIL=1 lists each route's files; INITIAL_JS_STRICT=0 builds anyway)`,
        );
      }
    },
  };
}
