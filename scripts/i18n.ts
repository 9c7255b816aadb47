import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../packages/shared/src/languages.ts';
import {
  extractMessages,
  LOCALES,
  needsCompiling,
  readAreaCatalogues,
  readCatalogue,
  writeAreaCatalogue,
} from './lib/i18nMessages.ts';

/*
 * `npm run i18n`: brings packages/shared/locales in line with the texts the code translates. Each
 * area's en.json gets its English texts that have placeholders (they must be compiled too: see
 * web/src/lib/i18n.ts); each other language gets every text of the area, keeping its translation
 * (also when a text moved to another area), with "" for a new one (to be written: the unit test fails
 * until it is), and without the ones the code no longer uses.
 */
const found = extractMessages();
const areas = new Set([...found.values()].map((f) => f.area));
const textsOf = (area: string) =>
  [...found.entries()]
    .filter(([, f]) => f.area === area)
    .map(([text]) => text)
    .sort();

// Areas no longer used lose their files.
for (const old of readAreaCatalogues('en').keys()) {
  if (!areas.has(old)) rmSync(join(LOCALES, old), { recursive: true, force: true });
}
const previous = new Map(LANGUAGES.map((language) => [language, readCatalogue(language)]));
for (const area of areas) {
  const texts = textsOf(area);
  writeAreaCatalogue(area, 'en', Object.fromEntries(texts.filter(needsCompiling).map((m) => [m, m])));
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const old = previous.get(language) ?? {};
    writeAreaCatalogue(area, language, Object.fromEntries(texts.map((m) => [m, old[m] ?? ''])));
  }
}
for (const language of LANGUAGES.filter((l) => l !== 'en')) {
  const missing = Object.values(readCatalogue(language)).filter((text) => !text).length;
  console.log(`${language}: ${found.size} texts, ${missing} to translate`);
}
