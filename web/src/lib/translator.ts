import en from 'virtual:messages/en';
import type { Language } from '@chorus/shared/languages';
import { type CompiledMessage, formatCompiled } from './formatMessage';

/*
 * What a translator is (lib/i18n.ts), and English's: its texts as written, the ones with
 * placeholders filled from en.json's compiled form. Its own module, so the other languages'
 * (translators.ts, loaded on demand) build on it without a cycle.
 */

export type Values = Record<string, unknown>;
export type Translate = (id: string, values?: Values) => string;

export interface Translator {
  language: Language;
  t: Translate;
}

const compiledEnglish: Record<string, CompiledMessage> = en;

export const english: Translator = {
  language: 'en',
  t: (id, values) => {
    const message = compiledEnglish[id];
    return message === undefined ? id : formatCompiled(message, values ?? {}, 'en');
  },
};
