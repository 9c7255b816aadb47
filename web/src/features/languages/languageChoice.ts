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

/**
 * The choice is also kept in a cookie, so the server can draw what it shows before the app arrives
 * (the chat's outline, api/src/http/appShell.ts) in it. A choice stored before the cookie existed
 * gets one on the next visit.
 */
function keepInCookie(language: Language | null) {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser Chorus serves, and the value is one of the shipped language codes.
  document.cookie = language
    ? `chorus_language=${language}; path=/; max-age=31536000; samesite=lax`
    : 'chorus_language=; path=/; max-age=0; samesite=lax';
}

let chosen: Language | null = readStored();
if (chosen && typeof document !== 'undefined' && !document.cookie.includes(`chorus_language=${chosen}`)) {
  keepInCookie(chosen);
}

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
  keepInCookie(language);
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
