import type { PageMeta, PublicPath } from '@chorus/shared/seo';
import { useEffect } from 'react';

export type { PageMeta };

type Seo = typeof import('@chorus/shared/seo');
let seoModule: Promise<Seo> | undefined;
/**
 * The shared route table and its helpers load after the page has rendered: the HTML the server sent
 * already carries this route's tags, so they only matter once the visitor navigates in the app.
 */
const loadSeo = () => {
  seoModule ??= import('@chorus/shared/seo');
  return seoModule;
};

/** A page's meta, or the public path of its entry in the shared table ('not-found': the 404 screen). */
export type PageMetaSource = PageMeta | PublicPath | 'not-found';

function setMeta(attribute: 'name' | 'property', key: string, content: string | undefined) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

function setHeadElement(selector: string, create: () => HTMLElement, apply: (element: HTMLElement) => void) {
  const existing = document.head.querySelector<HTMLElement>(selector);
  const element = existing ?? create();
  apply(element);
  if (!existing) document.head.appendChild(element);
}

/** Writes the page's tags into <head>. */
function applyMeta({ fullTitle, isIndexable, jsonForScript }: Seo, meta: PageMeta) {
  const { description, keywords, canonicalPath, structuredData, image, ogType } = meta;
  const title = fullTitle(meta);
  const keywordList = keywords?.join(', ') ?? '';
  const structuredJson = structuredData ? jsonForScript(structuredData) : '';
  const indexable = isIndexable(meta);
  const origin = window.location.origin;
  document.title = title;
  setMeta('name', 'description', description);
  setMeta('name', 'keywords', keywordList);
  setMeta('name', 'robots', indexable ? 'index, follow' : 'noindex');
  setMeta('property', 'og:type', ogType ?? 'website');
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  setMeta(
    'property',
    'og:url',
    canonicalPath ? new URL(canonicalPath, origin).href : window.location.href.split('#')[0],
  );
  const imageUrl = image ? new URL(image, origin).href : undefined;
  setMeta('property', 'og:image', imageUrl);
  setMeta('name', 'twitter:image', imageUrl);
  setMeta('name', 'twitter:title', title);
  setMeta('name', 'twitter:description', description);
  // Video tags only come from the server's render of /videos/{slug}; they'd be stale anywhere else.
  if (!window.location.pathname.startsWith('/videos/')) {
    for (const element of document.head.querySelectorAll(
      'meta[property^="og:video"], meta[name^="twitter:player"]',
    )) {
      element.remove();
    }
    setMeta('name', 'twitter:card', imageUrl ? 'summary_large_image' : 'summary');
  }

  const canonical = document.head.querySelector('link[rel="canonical"]');
  if (canonicalPath) {
    setHeadElement(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      (element) => element.setAttribute('href', new URL(canonicalPath, origin).href),
    );
  } else {
    canonical?.remove();
  }

  const structured = document.head.querySelector('script[data-page-structured-data]');
  if (structuredJson) {
    setHeadElement(
      'script[data-page-structured-data]',
      () => {
        const script = document.createElement('script');
        script.type = 'application/ld+json';
        script.dataset.pageStructuredData = '';
        return script;
      },
      (element) => {
        element.textContent = structuredJson;
      },
    );
  } else {
    structured?.remove();
  }
}

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

  useEffect(() => {
    let current = true;
    loadSeo()
      .then((seo) => {
        if (!current) return;
        const meta: PageMeta =
          path === 'not-found' ? seo.NOT_FOUND_META : path ? seo.pageMeta(path) : JSON.parse(metaJson);
        applyMeta(seo, meta);
      })
      .catch((error: unknown) => console.warn('Could not update the page tags', error));
    return () => {
      current = false;
    };
  }, [path, metaJson]);
}
