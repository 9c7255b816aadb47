import type { Language } from '@chorus/shared/languages';
import { type CompiledMessage, compileIcu, formatCompiled } from './formatMessage';

/*
 * What a translator is (lib/i18n.ts), and English's: its texts as written, the ones with placeholders
 * read and filled here (formatMessage.ts), so the English texts travel with the code that shows them
 * and no catalogue is in anyone's first download. Its own module, so the other languages'
 * (translators.ts, loaded on demand) build on it without a cycle.
 */

export type Values = Record<string, unknown>;
export type Translate = (id: string, values?: Values) => string;

export interface Translator {
  language: Language;
  t: Translate;
}

const compiled = new Map<string, CompiledMessage>();

export const english: Translator = {
  language: 'en',
  t: (id, values) => {
    // Most texts are plain: no placeholder, no ICU quoting.
    if (!/[{}']/.test(id)) return id;
    let message = compiled.get(id);
    if (message === undefined) {
      message = compileIcu(id);
      compiled.set(id, message);
    }
    return formatCompiled(message, values ?? {}, 'en');
  },
};
