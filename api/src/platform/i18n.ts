import { isLanguage, LANGUAGES, type Language } from '@chorus/shared/languages';
import { readMessages } from '@chorus/shared/messageCatalogues';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/*
 * The server's side of Chorus's languages: the same catalogues the web app uses
 * (packages/shared/locales/{area}/{language}.json, English texts as ids: web/src/lib/i18n.ts), read and compiled once, so
 * what the api writes into a page (its title and description, the head tags) reads as the page does.
 */

const instances = new Map<Language, I18n>();

function instanceFor(language: Language): I18n {
  let own = instances.get(language);
  if (!own) {
    const catalogue = readMessages(language).messages;
    own = setupI18n();
    // English texts not in a catalogue (all but the ones with placeholders) are compiled on use.
    own.setMessagesCompiler(compileMessage);
    own.load(
      language,
      Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)])),
    );
    own.activate(language);
    instances.set(language, own);
  }
  return own;
}

/** `text` (an English text of the catalogues) in `language`; itself when it has no translation. */
export function translate(language: string, text: string, values?: Record<string, unknown>): string {
  return instanceFor(isLanguage(language) ? language : 'en')._(text, values);
}

/** Reads every catalogue now, so a broken one fails at start rather than on a visitor's page. */
export function loadCatalogues(): void {
  for (const language of LANGUAGES) instanceFor(language);
}
