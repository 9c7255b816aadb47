import {
  acceptedLanguages,
  isLanguage,
  LANGUAGES,
  type Language,
  matchLanguage,
} from '@chorus/shared/languages';
import { readMessages } from '@chorus/shared/messageCatalogues';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/*
 * The server's side of Chorus's languages: the same catalogues the web app uses
 * (packages/shared/locales/{area}/{language}.json, English texts as ids: web/src/lib/i18n.ts), read and compiled once, so
 * what the api writes into a page (its title and description, the head tags) reads as the page does.
 * Its own texts (area `server`: e-mails in their recipient's language, error messages in the
 * request's) are marked with `msg('…')` where they are written, and translated with `translate`.
 */

const instances = new Map<Language, I18n>();

function instanceFor(language: Language): I18n {
  let own = instances.get(language);
  if (!own) {
    const catalogue = readMessages(language).messages;
    own = setupI18n();
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
  const own = instanceFor(isLanguage(language) ? language : 'en');
  if (text in own.messages) return own._(text, values);
  // English texts with placeholders are in English's catalogue; any other text (one not marked for
  // translation, e.g. a message with a user's input in it) is answered exactly as it is.
  const english = instanceFor('en');
  return text in english.messages ? english._(text, values) : text;
}

/** Reads every catalogue now, so a broken one fails at start rather than on a visitor's page. */
export function loadCatalogues(): void {
  for (const language of LANGUAGES) instanceFor(language);
}

/** Marks a text of the api for the catalogues (scripts/lib/i18nMessages.ts finds it); unchanged here. */
export const msg = (text: string): string => text;

/**
 * The language an answer is written in: the request's Accept-Language (the web app sends the
 * language it shows; other clients their own), English when none is shipped.
 */
export function requestLanguage(acceptLanguage: string | undefined): Language {
  return matchLanguage(acceptedLanguages(acceptLanguage)) ?? 'en';
}

/** Every language's version of a text (e.g. to find a mail whichever language it went out in). */
export const inEveryLanguage = (text: string): string[] => [
  ...new Set(LANGUAGES.map((language) => translate(language, text))),
];
