import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { LOCALES_DIR, readMessages } from '../../packages/shared/src/messageCatalogues.ts';

/*
 * Finds the texts the web app translates: the first argument of every `t('…')` and `msg('…')` call in
 * web/src and packages/shared/src (see web/src/lib/i18n.ts). Read with TypeScript's parser, so quotes,
 * escapes and line breaks in a text are read as the compiler reads them. Each text belongs to the area
 * of the code that uses it first (a feature folder's name, `app` for the shell, `shared` for the rules
 * both sides share), and is kept in packages/shared/locales/{area}/{language}.json, so a feature's texts
 * sit together and two people translating two features don't touch the same file.
 * scripts/i18n.ts writes the catalogues from this list and i18nMessages.test.ts checks them against it.
 */

const CALLEES = new Set(['t', 'msg']);
/** The api's texts: read by the api only, never sent to browsers (web/vite-plugins/messageCatalogs.ts). */
export const SERVER_AREA = 'server';
const ROOT = join(import.meta.dirname, '..', '..');
/**
 * Where the texts are: the web app, the rules it shares with the api (their messages show in it), and
 * the api's own (its e-mails and error messages: api/src/platform/i18n.ts), in that order.
 */
export const SOURCES = [
  join(ROOT, 'web', 'src'),
  join(ROOT, 'packages', 'shared', 'src'),
  join(ROOT, 'api', 'src'),
];
export const LOCALES = LOCALES_DIR;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return ['__generated__', 'test'].includes(entry.name) ? [] : sourceFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
    })
    .sort();
}

/** The area of a source file (see above). */
export function areaOf(file: string): string {
  const path = relative(ROOT, file).split('\\').join('/');
  const feature = /^web\/src\/features\/([^/]+)\//.exec(path);
  if (feature) return feature[1] as string;
  if (path.startsWith('api/')) return SERVER_AREA;
  return path.startsWith('packages/shared/') ? 'shared' : 'app';
}

export interface FoundText {
  /** Where it is used (`file:line`), the first one deciding its area. */
  where: string[];
  area: string;
}

/** Each text the code translates. */
export function extractMessages(roots = SOURCES): Map<string, FoundText> {
  const found = new Map<string, FoundText>();
  for (const file of roots.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    if (!/\b(?:t|msg)\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        CALLEES.has(node.expression.text)
      ) {
        const [first] = node.arguments;
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          const { line } = source.getLineAndCharacterOfPosition(first.getStart());
          const where = `${relative(ROOT, file)}:${line + 1}`;
          const known = found.get(first.text);
          if (known) known.where.push(where);
          else found.set(first.text, { where: [where], area: areaOf(file) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The placeholder names of an ICU message (`{name}`, `{count, plural, …}`), sorted. */
export function placeholders(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)) names.add(match[1] as string);
  return [...names].sort();
}

/** Whether a text needs compiling (has ICU syntax), i.e. belongs in en.json. */
export const needsCompiling = (message: string): boolean => /[{}]/.test(message);

/** A language's texts, every area's merged. */
export const readCatalogue = (language: string): Record<string, string> => readMessages(language).messages;

/** Each area's catalogue of a language, as stored. */
export function readAreaCatalogues(language: string): Map<string, Record<string, string>> {
  const areas = new Map<string, Record<string, string>>();
  for (const entry of readdirSync(LOCALES, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    try {
      areas.set(entry.name, JSON.parse(readFileSync(join(LOCALES, entry.name, `${language}.json`), 'utf8')));
    } catch {
      // This area has no texts in that language yet.
    }
  }
  return areas;
}

export function writeAreaCatalogue(area: string, language: string, catalogue: Record<string, string>): void {
  const file = join(LOCALES, area, `${language}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
}
