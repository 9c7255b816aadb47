import { useEffect } from 'react';

export const PRODUCT_NAME = 'Chorus';

export interface PageMeta {
  /** Page title without the product suffix, e.g. "Log In". Omit for the landing page. */
  title?: string;
  description: string;
  keywords?: string[];
  /** Path for the canonical link, for public pages search engines should index. */
  canonicalPath?: string;
  /** schema.org data for the page, serialised into a JSON-LD script. */
  structuredData?: object;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
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
 * Keeps <title>, description, keywords and social-preview tags in step with the current route, so
 * shared links and browser tabs describe the page actually shown.
 */
export function usePageMeta({ title, description, keywords, canonicalPath, structuredData }: PageMeta) {
  const fullTitle = title
    ? `${title} | ${PRODUCT_NAME}`
    : `${PRODUCT_NAME} | Chat with many AI assistants and make short videos`;
  const keywordList = keywords?.join(', ') ?? '';
  const structuredJson = structuredData ? JSON.stringify(structuredData) : '';

  useEffect(() => {
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('name', 'keywords', keywordList);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', window.location.href);
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', description);

    const canonical = document.head.querySelector('link[rel="canonical"]');
    if (canonicalPath) {
      setHeadElement(
        'link[rel="canonical"]',
        () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
        (element) => element.setAttribute('href', new URL(canonicalPath, window.location.origin).href),
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
  }, [fullTitle, description, keywordList, canonicalPath, structuredJson]);
}
