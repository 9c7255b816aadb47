import { LANGUAGES, type Language } from '@chorus/shared/languages';
import { fullTitle, isIndexable, jsonForScript, type PageMeta, PRODUCT_NAME } from '@chorus/shared/seo';
import { escapeHtml } from '../platform/html.ts';

/** `<meta name=…>` and `<meta property=…>` (Open Graph) with the content escaped. */
const named = (name: string, content: string | number) =>
  `<meta name="${name}" content="${escapeHtml(String(content))}" />`;
const property = (name: string, content: string | number) =>
  `<meta property="${name}" content="${escapeHtml(String(content))}" />`;

/**
 * The head tags of a page as HTML, every value escaped. `url` is the page's absolute address and
 * `origin` the site's; the client-side `usePageMeta` keeps the same tags (by the same selectors) in step.
 * `pathIn`, for a page that exists in every language, gives its path in each: the hreflang links
 * (English also as x-default, the page for any other language).
 */
export function renderHeadTags(
  meta: PageMeta,
  origin: string,
  url: string,
  pathIn?: (language: Language) => string,
): string {
  const title = fullTitle(meta);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    named('description', meta.description),
    named('keywords', meta.keywords?.join(', ') ?? ''),
    named('robots', isIndexable(meta) ? 'index, follow' : 'noindex'),
    property('og:site_name', PRODUCT_NAME),
    property('og:type', meta.ogType ?? 'website'),
    property('og:title', title),
    property('og:description', meta.description),
    property('og:url', meta.canonicalPath ? new URL(meta.canonicalPath, origin).href : url),
    named('twitter:card', meta.video ? 'player' : meta.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', title),
    named('twitter:description', meta.description),
  ];
  if (meta.image) {
    const image = new URL(meta.image, origin).href;
    tags.push(property('og:image', image), named('twitter:image', image));
  }
  if (meta.video) {
    const { url: videoUrl, width, height, type = 'video/mp4' } = meta.video;
    tags.push(
      property('og:video', videoUrl),
      property('og:video:secure_url', videoUrl),
      property('og:video:type', type),
      property('og:video:width', width),
      property('og:video:height', height),
      named('twitter:player', new URL(meta.canonicalPath ?? url, origin).href),
      named('twitter:player:width', width),
      named('twitter:player:height', height),
      named('twitter:player:stream', videoUrl),
    );
  }
  if (meta.canonicalPath) {
    tags.push(`<link rel="canonical" href="${escapeHtml(new URL(meta.canonicalPath, origin).href)}" />`);
  }
  if (pathIn) {
    const link = (hreflang: string, language: Language) =>
      `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(new URL(pathIn(language), origin).href)}" />`;
    tags.push(...LANGUAGES.map((language) => link(language, language)), link('x-default', 'en'));
  }
  if (meta.structuredData) {
    tags.push(
      `<script type="application/ld+json" data-page-structured-data>${jsonForScript(meta.structuredData)}</script>`,
    );
  }
  return tags.join('\n    ');
}
