import { isLanguage, type Language, matchLanguage } from '@chorus/shared/languages';

/*
 * The language someone chose (Settings, the footer's picker, or their account's saved one once they
 * sign in), remembered in this browser so the next visit opens in it before anything is fetched.
 * Null until they choose: the app then follows the browser's languages (useLanguageChoice.ts).
 */
const KEY = 'chorus.language';
const listeners = new Set<() => void>();

function readStored(): Language | null {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

let chosen: Language | null = readStored();

export const chosenLanguage = (): Language | null => chosen;

export function chooseLanguage(language: Language | null): void {
  if (language === chosen) return;
  chosen = language;
  try {
    if (language) localStorage.setItem(KEY, language);
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode: the choice lasts for this page.
  }
  for (const listener of listeners) listener();
}

export function subscribeToLanguageChoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shipped language closest to the browser's own, if any. */
export function browserLanguage(): Language | null {
  if (typeof navigator === 'undefined') return null;
  return matchLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}
