import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Keeps the app in the language of the page it is on (followLanguage.ts, loaded after the first paint
 * so public pages carry none of it up front); the page redraws in it.
 */
export function useLanguageChoice(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    import('./followLanguage')
      .then(({ followLanguage }) => followLanguage(pathname))
      .catch((error: unknown) => console.warn('Could not load the language settings', error));
  }, [pathname]);
}
