import type { Language } from '@chorus/shared/languages';
import { type CompiledMessage, formatCompiled } from './formatMessage';

/*
 * What a translator is (lib/i18n.ts), and English's: its texts as written. The ones with placeholders
 * are compiled by the build where they are written (web/vite-plugins/messageCatalogs.ts turns
 * `t('Hi {name}')` into `t(icu('Hi {name}', compiled))`) and filled here (formatMessage.ts), so the
 * English texts travel with the code that shows them and no catalogue is in anyone's first download. Its own module, so the other languages'
 * (translators.ts, loaded on demand) build on it without a cycle.
 */

export type Values = Record<string, unknown>;
export type Translate = (id: string, values?: Values) => string;

export interface Translator {
  language: Language;
  t: Translate;
}

/** The English texts with placeholders, compiled, as the modules that write them load. */
const compiled = new Map<string, CompiledMessage>();

/** Keeps an English text's compiled form (the build writes these calls); answers the text. */
export function icu(id: string, message: CompiledMessage): string {
  compiled.set(id, message);
  return id;
}

export const english: Translator = {
  language: 'en',
  t: (id, values) => {
    const message = compiled.get(id);
    return message === undefined ? id : formatCompiled(message, values ?? {}, 'en');
  },
};
