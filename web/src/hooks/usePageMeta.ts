import type { PageMeta, PublicPath } from '@chorus/shared/seo';
import { useEffect } from 'react';
import { useLanguage } from '../lib/i18n';

export type { PageMeta };

/** A page's meta, or the public path of its entry in the shared table ('not-found': the 404 screen). */
export type PageMetaSource = PageMeta | PublicPath | 'not-found';

/**
 * Keeps <title>, description, keywords, robots and social-preview tags in step with the current route,
 * so shared links and browser tabs describe the page actually shown. The server renders the same tags
 * from the same table (`@chorus/api/seo`) into the HTML it sends; this takes over after client-side
 * navigation. A page without a canonical path is not for search engines and gets `noindex`.
 * Static pages name their path (`usePageMeta('/login')`); pages with data pass their meta.
 */
export function usePageMeta(source: PageMetaSource) {
  const path = typeof source === 'string' ? source : null;
  const metaJson = typeof source === 'string' ? '' : JSON.stringify(source);
  // A switch of language rewrites the tags in it.
  const language = useLanguage();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `language` is read by applyPageMeta (the app's translator): a switch re-applies the tags.
  useEffect(() => {
    let current = true;
    import('./applyPageMeta')
      .then(({ applyPageMeta }) => {
        if (current)
          applyPageMeta(path as PublicPath | 'not-found' | null, path ? null : JSON.parse(metaJson));
      })
      .catch((error: unknown) => console.warn('Could not update the page tags', error));
    return () => {
      current = false;
    };
  }, [path, metaJson, language]);
}
