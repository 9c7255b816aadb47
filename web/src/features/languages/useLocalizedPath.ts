import { isLocalizedPath, languageOfPath, pathInLanguage } from '@chorus/shared/languages';
import { useLocation } from 'react-router-dom';

/**
 * Links from a page in another language (/es/…) to a page that exists in it stay in that language
 * (/es/pricing); any other link is left as it is.
 */
export function useLocalizedPath(): (path: string) => string {
  const language = languageOfPath(useLocation().pathname);
  return (path) =>
    language !== 'en' && isLocalizedPath(path.split(/[?#]/)[0] ?? path)
      ? pathInLanguage(path, language)
      : path;
}
