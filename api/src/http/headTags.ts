import { fullTitle, isIndexable, jsonForScript, type PageMeta, PRODUCT_NAME } from '@chorus/shared/seo';
import { escapeHtml } from '../platform/html.ts';

/**
 * The head tags of a page as HTML, every value escaped. `url` is the page's absolute address and
 * `origin` the site's; the client-side `usePageMeta` keeps the same tags (by the same selectors) in step.
 */
export function renderHeadTags(meta: PageMeta, origin: string, url: string): string {
  const title = fullTitle(meta);
  const attr = escapeHtml;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}" />`,
    `<meta name="keywords" content="${attr(meta.keywords?.join(', ') ?? '')}" />`,
    `<meta name="robots" content="${isIndexable(meta) ? 'index, follow' : 'noindex'}" />`,
    `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
    `<meta property="og:type" content="${attr(meta.ogType ?? 'website')}" />`,
    `<meta property="og:title" content="${attr(title)}" />`,
    `<meta property="og:description" content="${attr(meta.description)}" />`,
    `<meta property="og:url" content="${attr(meta.canonicalPath ? new URL(meta.canonicalPath, origin).href : url)}" />`,
    `<meta name="twitter:card" content="${meta.video ? 'player' : meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${attr(title)}" />`,
    `<meta name="twitter:description" content="${attr(meta.description)}" />`,
  ];
  if (meta.image) {
    const image = new URL(meta.image, origin).href;
    tags.push(`<meta property="og:image" content="${attr(image)}" />`);
    tags.push(`<meta name="twitter:image" content="${attr(image)}" />`);
  }
  if (meta.video) {
    const { url: videoUrl, width, height, type = 'video/mp4' } = meta.video;
    tags.push(
      `<meta property="og:video" content="${attr(videoUrl)}" />`,
      `<meta property="og:video:secure_url" content="${attr(videoUrl)}" />`,
      `<meta property="og:video:type" content="${attr(type)}" />`,
      `<meta property="og:video:width" content="${width}" />`,
      `<meta property="og:video:height" content="${height}" />`,
      `<meta name="twitter:player" content="${attr(new URL(meta.canonicalPath ?? url, origin).href)}" />`,
      `<meta name="twitter:player:width" content="${width}" />`,
      `<meta name="twitter:player:height" content="${height}" />`,
      `<meta name="twitter:player:stream" content="${attr(videoUrl)}" />`,
    );
  }
  if (meta.canonicalPath) {
    tags.push(`<link rel="canonical" href="${attr(new URL(meta.canonicalPath, origin).href)}" />`);
  }
  if (meta.structuredData) {
    tags.push(
      `<script type="application/ld+json" data-page-structured-data>${jsonForScript(meta.structuredData)}</script>`,
    );
  }
  return tags.join('\n    ');
}
