import {
  isLocalizedPath,
  type Language,
  languageOfPath,
  pathWithoutLanguage,
} from '@chorus/shared/languages';
import { activateLanguage } from '../../lib/i18n';
import { browserLanguage, chosenLanguage, subscribeToLanguageChoice } from './languageChoice';

/*
 * Which language a page is shown in, and keeping the app in it. Loaded after the first paint
 * (useLanguageChoice.ts) or, for a page the browser draws itself, before it (main.tsx): a page the
 * server drew is hydrated in the language it was drawn in.
 */

/**
 * A page under a language's prefix (/es/pricing) is in that one. A public page at its English path
 * stays English for whoever hasn't chosen a language (what search engines index; a visitor whose
 * browser prefers another one is offered it: LanguageSuggestion.tsx). Everything else follows the
 * chosen language, else the browser's, else English.
 */
export function languageFor(pathname: string, chosen: Language | null, browser: Language | null): Language {
  const prefixed = languageOfPath(pathname);
  if (prefixed !== 'en') return prefixed;
  if (isLocalizedPath(pathWithoutLanguage(pathname))) return chosen ?? 'en';
  return chosen ?? browser ?? 'en';
}

/** The language of the page at `pathname` now. */
export const languageOfPage = (pathname: string): Language =>
  languageFor(pathname, chosenLanguage(), browserLanguage());

let lastPath: string | null = null;

function apply(pathname: string) {
  const language = languageOfPage(pathname);
  activateLanguage(language).catch((error: unknown) => {
    // The catalogue's chunk could not load (offline, a new deploy): the page stays as it is.
    console.warn(`Could not switch to ${language}`, error);
  });
}

/** Puts the app in the language of the page at `pathname`, and again whenever the choice changes. */
export function followLanguage(pathname: string): void {
  if (lastPath === null) subscribeToLanguageChoice(() => lastPath !== null && apply(lastPath));
  lastPath = pathname;
  apply(pathname);
}
