import {
  isLocalizedPath,
  LANGUAGES,
  type Language,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
} from '@chorus/shared/languages';
import {
  fullTitle,
  isIndexable,
  jsonForScript,
  localizeMeta,
  NOT_FOUND_META,
  type PageMeta,
  type PublicPath,
  pageMeta,
} from '@chorus/shared/seo';
import { t } from '../lib/i18n';

/*
 * The DOM side of usePageMeta.ts, loaded after the page has rendered: the HTML the server sent already
 * carries this route's tags (api/src/http/headTags.ts), so they only matter once the visitor
 * navigates in the app.
 */

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
function applyMeta(meta: PageMeta, alternates: ((language: Language) => string) | null) {
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

  for (const link of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove();
  if (alternates) {
    for (const [hreflang, language] of [...LANGUAGES.map((l) => [l, l]), ['x-default', 'en']] as const) {
      const link = Object.assign(document.createElement('link'), { rel: 'alternate', hreflang });
      link.href = new URL(alternates(language), origin).href;
      document.head.appendChild(link);
    }
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
 * Applies a page's tags: a static page's entry (by its English path) in the app's language, under
 * the page's language prefix when it has one, with its hreflang links when it exists in every language.
 */
export function applyPageMeta(source: PublicPath | 'not-found' | null, meta: PageMeta | null): void {
  const english = pathWithoutLanguage(window.location.pathname);
  const language = languageOfPath(window.location.pathname);
  const prefix = language === 'en' ? '' : `/${language}`;
  const shown =
    source === 'not-found'
      ? NOT_FOUND_META
      : source
        ? localizeMeta(pageMeta(source), (text) => t(text), prefix)
        : localizeMeta(meta as PageMeta, (text) => text, prefix);
  const localized = shown.canonicalPath !== undefined && isLocalizedPath(english);
  applyMeta(shown, localized ? (other) => pathInLanguage(english.replace(/(.)\/+$/, '$1'), other) : null);
}
