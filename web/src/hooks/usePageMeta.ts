import { fullTitle, isIndexable, jsonForScript, type PageMeta, PRODUCT_NAME } from '@chorus/api/seo';
import { useEffect } from 'react';

export type { PageMeta };
export { PRODUCT_NAME };

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

/**
 * Keeps <title>, description, keywords, robots and social-preview tags in step with the current route,
 * so shared links and browser tabs describe the page actually shown. The server renders the same tags
 * from the same table (`@chorus/api/seo`) into the HTML it sends; this takes over after client-side
 * navigation. A page without a canonical path is not for search engines and gets `noindex`.
 */
export function usePageMeta(meta: PageMeta) {
  const { description, keywords, canonicalPath, structuredData, image, ogType } = meta;
  const title = fullTitle(meta);
  const keywordList = keywords?.join(', ') ?? '';
  const structuredJson = structuredData ? jsonForScript(structuredData) : '';
  const indexable = isIndexable(meta);

  useEffect(() => {
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
  }, [title, description, keywordList, canonicalPath, structuredJson, indexable, image, ogType]);
}
