import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * react-icons ships each set as one ES module holding every icon. A bundler places a module in one
 * chunk, so all icons the app uses anywhere (chat, settings, marketing…) would travel together to
 * whichever page first needs one. This plugin turns `import { LuX, LuMenu } from 'react-icons/lu'`
 * into one tiny virtual module per icon, so each page downloads only the icons it draws.
 */
const PREFIX = '\0react-icon:';
const GEN_ICON = fileURLToPath(new URL('../src/lib/genIcon.ts', import.meta.url));
const require = createRequire(import.meta.url);

export function iconsPerModule(sets: string[] = ['lu']): Plugin {
  const sources = new Map<string, Map<string, string>>();

  function iconsOf(set: string): Map<string, string> {
    let icons = sources.get(set);
    if (!icons) {
      const file = require.resolve(`react-icons/${set}`).replace(/index\.js$/, 'index.mjs');
      icons = new Map();
      for (const m of readFileSync(file, 'utf8').matchAll(
        /^export function (\w+) \(props\) \{\n[\s\S]*?\n\};$/gm,
      )) {
        icons.set(m[1]!, m[0]);
      }
      sources.set(set, icons);
    }
    return icons;
  }

  const importPattern = new RegExp(
    `import\\s*\\{([^}]*)\\}\\s*from\\s*['"]react-icons/(${sets.join('|')})['"];?`,
    'g',
  );

  return {
    name: 'chorus:icons-per-module',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes('react-icons/'))
        return null;
      let changed = false;
      const out = code.replace(importPattern, (whole, names: string, set: string) => {
        const specifiers = names
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        // Type-only imports (e.g. `type IconType`) stay as they were.
        if (specifiers.some((s) => s.startsWith('type '))) return whole;
        changed = true;
        return specifiers
          .map((s) => {
            const [imported, local = imported] = s.split(/\s+as\s+/);
            return `import { ${imported} as ${local} } from '${PREFIX}${set}/${imported}';`;
          })
          .join('\n');
      });
      return changed ? { code: out, map: null } : null;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [set, name] = id.slice(PREFIX.length).split('/') as [string, string];
      const source = iconsOf(set).get(name);
      if (!source) throw new Error(`react-icons/${set} has no icon ${name}`);
      // Drawn by web/src/lib/genIcon.ts, not react-icons' own runtime (see there).
      return `import { GenIcon } from '${GEN_ICON}';\n${source}\n`;
    },
  };
}
