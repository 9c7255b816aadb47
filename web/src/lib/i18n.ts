import { isLanguage, type Language } from '@chorus/shared/languages';
import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { english, type Translate, type Translator } from './translator';

/*
 * Chorus's texts in six languages, with the English text as the message id: the code reads in English,
 * and packages/shared/locales/{area}/{language}.json maps each English text to its translation (ICU
 * MessageFormat: `{name}`, `{count, plural, one {…} other {…}}`), compiled by the build
 * (web/vite-plugins/messageCatalogs.ts). en.json holds only the English texts with placeholders.
 * Another language loads Lingui (lingui.dev) with its catalogue; English draws its texts as written
 * (formatMessage.ts fills the placeholders), so an English page carries no i18n runtime.
 * `npm run i18n` (scripts/i18n.ts) brings the catalogues in line with the code, and
 * scripts/lib/i18nMessages.test.ts fails on a missing, unused or half-translated text.
 *
 * In a component: `const t = useT(); … t('Send message')`: it redraws when the language changes.
 * Outside one (a toast from an event handler): `t` from here. A text kept in a constant is marked
 * with `msg('…')` (so it is found) and translated where it is drawn: `t(item.label)`.
 */

export type { Translate, Translator, Values } from './translator';

// The app's language in the browser (the server draws each page with its own: entry-prerender.tsx).
let current: Translator = english;
const listeners = new Set<() => void>();

/** Switches the app to `language` once its catalogue is in; the page then redraws in it. */
export async function activateLanguage(language: Language): Promise<void> {
  if (current.language === language) return;
  const next = language === 'en' ? english : await (await import('./translators')).translatorFor(language);
  current = next;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app's active language. */
export const currentLanguage = (): Language => current.language;

/** Translates in the app's active language, for code outside components (event handlers, toasts). */
export const t: Translate = (id, values) => current.t(id, values);

/** Marks a text kept in a constant for translation where it is drawn; returns it unchanged. */
export const msg = (id: string): string => id;

const TranslatorContext = createContext<Translator | null>(null);

/**
 * Gives the pages their language: `translator` on the server (one per page, as renders run at once),
 * else the app's, following activateLanguage.
 */
export function LanguageProvider({ translator, children }: { translator?: Translator; children: ReactNode }) {
  const app = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  return createElement(TranslatorContext.Provider, { value: translator ?? app }, children);
}

/** The translate function of the page's language; the caller redraws when it changes. */
export function useT(): Translate {
  return (useContext(TranslatorContext) ?? current).t;
}

/** The page's language. */
export function useLanguage(): Language {
  const language = (useContext(TranslatorContext) ?? current).language;
  return isLanguage(language) ? language : 'en';
}
