import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../packages/shared/src/languages.ts';
import {
  extractMessages,
  needsCompiling,
  placeholders,
  readAreaCatalogues,
  readCatalogue,
  SOURCES,
} from './i18nMessages.ts';

/*
 * The catalogues (packages/shared/locales) against the texts the code translates: none missing, none unused,
 * none left empty or in English, each with the placeholders of its English text. `npm run i18n` adds
 * new texts (empty, to be written) and drops unused ones.
 */
const messages = extractMessages();
const sources = [...messages.keys()].sort();

/** Texts that read the same in a language (names, or words that language borrows). */
const SAME_IN_TRANSLATION = new Set([
  'Chorus',
  'GPT',
  'Claude',
  'Grok',
  'Gemini',
  'Perplexity',
  'OK',
  'Email',
  'Stripe',
]);

describe('message catalogues', () => {
  it('finds every text: translation goes through functions named t (or msg), never another name', () => {
    // A text passed to `tr('…')` would be neither found for the catalogues nor compiled for English
    // (web/vite-plugins/messageCatalogs.ts reads t('…') and msg('…') calls).
    const renamed: string[] = [];
    for (const root of SOURCES) {
      let files = '';
      try {
        files = execFileSync('grep', ['-rlE', '= useT\\(\\)|\\{ t: ', root], { encoding: 'utf8' });
      } catch {
        // grep found nothing under this root.
      }
      for (const file of files.split('\n').filter(Boolean)) {
        for (const match of readFileSync(file, 'utf8').matchAll(/const (\w+) = useT\(\)|\{ t: (\w+)/g)) {
          const name = match[1] ?? match[2];
          if (name !== 't') renamed.push(`${file}: ${name}`);
        }
      }
    }
    expect(renamed).toEqual([]);
  });

  it('finds the texts the code translates', () => {
    expect(sources.length).toBeGreaterThan(50);
  });

  it('en.json holds exactly the English texts with placeholders', () => {
    const en = readCatalogue('en');
    expect(Object.keys(en).sort()).toEqual(sources.filter(needsCompiling));
    for (const [key, value] of Object.entries(en)) expect(value).toBe(key);
  });

  it("keeps each text in its area's files, once", () => {
    for (const language of LANGUAGES) {
      const misplaced: string[] = [];
      for (const [area, catalogue] of readAreaCatalogues(language)) {
        for (const text of Object.keys(catalogue)) {
          const expected = messages.get(text)?.area;
          if (expected && expected !== area)
            misplaced.push(`${language}: ${text} in ${area}, not ${expected}`);
        }
      }
      expect(misplaced).toEqual([]);
    }
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    describe(language, () => {
      const catalogue = readCatalogue(language);
      it('has every text the code uses and no other (npm run i18n)', () => {
        const missing = sources
          .filter((m) => !(m in catalogue))
          .map((m) => `${m}  (${messages.get(m)?.where[0]})`);
        const unused = Object.keys(catalogue).filter((m) => !messages.has(m));
        expect({ missing, unused }).toEqual({ missing: [], unused: [] });
      });
      it('translates each one, keeping its placeholders', () => {
        const problems: string[] = [];
        for (const [source, text] of Object.entries(catalogue)) {
          if (!text.trim()) problems.push(`empty: ${source}`);
          else if (
            text === source &&
            !SAME_IN_TRANSLATION.has(source) &&
            /[a-z]{3,}.*\s.*[a-z]{3,}/i.test(source)
          )
            problems.push(`still English: ${source}`);
          else if (placeholders(text).join() !== placeholders(source).join())
            problems.push(`placeholders differ: ${source} → ${text}`);
          else {
            try {
              compileMessage(text);
            } catch (error) {
              problems.push(`does not compile: ${text} (${(error as Error).message})`);
            }
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }
});
