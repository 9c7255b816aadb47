/**
 * The one HTML escape of the server: every value the api writes into HTML it builds by hand (head
 * tags, the sitemap, mail bodies, the sandbox checkout and outbox preview pages) goes through it.
 */
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
