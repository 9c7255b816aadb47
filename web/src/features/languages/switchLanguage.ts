import {
  isLocalizedPath,
  type Language,
  pathInLanguage,
  pathWithoutLanguage,
} from '@chorus/shared/languages';
import { apiFetch } from '../../lib/api';
import { chooseLanguage } from './languageChoice';

/**
 * A pick in the footer's language picker (components/SiteFooter.tsx; loaded with the pick, so public
 * pages carry none of it up front): remembers the choice (languageChoice.ts), moves a page that exists
 * in every language to its address in that one, and saves the choice to a signed-in account (REST:
 * public pages have no Apollo).
 */
export function switchLanguage(
  language: Language,
  navigate: (path: string) => void,
  signedIn: boolean,
): void {
  chooseLanguage(language);
  // The address as it is now (the pick comes after any navigation).
  const path = pathWithoutLanguage(window.location.pathname);
  if (isLocalizedPath(path)) navigate(pathInLanguage(path, language));
  if (signedIn) {
    apiFetch('/api/users/settings', { method: 'PATCH', body: { language } }).catch((error: unknown) => {
      console.warn('Could not save the language', error);
    });
  }
}
