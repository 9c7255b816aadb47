import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Reading the message catalogues, for Node only (the web build, the api, scripts/i18n.ts): each
 * language's texts are kept per area in packages/shared/locales/{area}/{language}.json (English text
 * → translation; see web/src/lib/i18n.ts) and used merged.
 */

/** Where the catalogues are. */
export const LOCALES_DIR = path.resolve(import.meta.dirname, '..', 'locales');

/** A language's texts from every area's catalogue (but `skip`'s), merged, and the files they came from. */
export function readMessages(
  language: string,
  { dir = LOCALES_DIR, skip = [] as string[] } = {},
): { messages: Record<string, string>; files: string[] } {
  const messages: Record<string, string> = {};
  const files: string[] = [];
  for (const area of readdirSync(dir, { withFileTypes: true })) {
    if (!area.isDirectory() || skip.includes(area.name)) continue;
    const file = path.join(dir, area.name, `${language}.json`);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // The area has no texts in that language yet.
    }
    files.push(file);
    Object.assign(messages, JSON.parse(text) as Record<string, string>);
  }
  return { messages, files };
}
