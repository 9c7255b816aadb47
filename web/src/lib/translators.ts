import type { Language } from '@chorus/shared/languages';
import type { Messages } from '@lingui/core';
import type { CompiledMessage } from './formatMessage';
import { english, type Translator } from './translator';

/*
 * The other languages' side of lib/i18n.ts, loaded only for them (and by the server's renders,
 * entry-prerender.tsx): Lingui and the language's catalogue.
 */

/** The language's catalogue, each its own chunk (English is built in). */
const catalogues: Record<
  Exclude<Language, 'en'>,
  () => Promise<{ default: Record<string, CompiledMessage> }>
> = {
  es: () => import('virtual:messages/es'),
  fr: () => import('virtual:messages/fr'),
  de: () => import('virtual:messages/de'),
  'pt-BR': () => import('virtual:messages/pt-BR'),
  ja: () => import('virtual:messages/ja'),
};

/**
 * A translator for `language`: Lingui with its catalogue. A text the catalogue lacks (one the api
 * sent, say) is drawn in English.
 */
export async function translatorFor(language: Language): Promise<Translator> {
  if (language === 'en') return english;
  const [{ setupI18n }, { default: messages }] = await Promise.all([
    import('@lingui/core'),
    catalogues[language](),
  ]);
  const i18n = setupI18n({ locale: language, messages: { [language]: messages as Messages } });
  return {
    language,
    t: (id, values) => {
      const message = messages[id];
      if (message === undefined) return english.t(id, values);
      // A plain text is the answer as it is; Lingui is for the ones with values (given a bare string,
      // its production build warns that the catalogue was not compiled).
      return typeof message === 'string' ? message : i18n._(id, values);
    },
  };
}
