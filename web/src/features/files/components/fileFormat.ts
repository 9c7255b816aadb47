import type { Language } from '@chorus/shared/languages';
import { msg, type Translate } from '../../../lib/i18n';

export { formatBytes, storageQuotaBytes } from '@chorus/shared/fileLimits';

const NAMED: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/json': 'JSON',
  'text/plain': msg('Text'),
  'text/csv': 'CSV',
  'text/markdown': 'Markdown',
  'application/rtf': msg('Rich text'),
  'application/zip': msg('ZIP archive'),
  'application/gzip': msg('GZIP archive'),
  'application/epub+zip': msg('EPUB book'),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': msg('Word document'),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': msg('Excel spreadsheet'),
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': msg('PowerPoint deck'),
};

const FAMILIES: Record<string, string> = { image: msg('Image'), audio: msg('Audio'), video: msg('Video') };

/** A person's name for a detected MIME type: "Image (PNG)", "PDF", "Text" (in the page's language with `t`). */
export function fileTypeLabel(mime: string, t: Translate = (text) => text): string {
  if (NAMED[mime]) return t(NAMED[mime]);
  const [family = '', sub = ''] = mime.split('/');
  const format = sub
    .replace(/^(x-|vnd\.)/, '')
    .split(/[.+]/)[0]!
    .toUpperCase();
  return FAMILIES[family] ? `${t(FAMILIES[family])} (${format})` : format || t('File');
}

/** Spec §9: dates in US English with day, long month and year (another language: its own way). */
export const formatDate = (iso: string, language: Language = 'en') =>
  new Date(iso).toLocaleDateString(language === 'en' ? 'en-US' : language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
