export { formatBytes, storageQuotaBytes } from '@chorus/shared/fileLimits';

const NAMED: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/json': 'JSON',
  'text/plain': 'Text',
  'text/csv': 'CSV',
  'text/markdown': 'Markdown',
  'application/rtf': 'Rich text',
  'application/zip': 'ZIP archive',
  'application/gzip': 'GZIP archive',
  'application/epub+zip': 'EPUB book',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel spreadsheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint deck',
};

const FAMILIES: Record<string, string> = { image: 'Image', audio: 'Audio', video: 'Video' };

/** A person's name for a detected MIME type: "Image (PNG)", "PDF", "Text". */
export function fileTypeLabel(mime: string): string {
  if (NAMED[mime]) return NAMED[mime];
  const [family = '', sub = ''] = mime.split('/');
  const format = sub
    .replace(/^(x-|vnd\.)/, '')
    .split(/[.+]/)[0]!
    .toUpperCase();
  return FAMILIES[family] ? `${FAMILIES[family]} (${format})` : format || 'File';
}

/** Spec §9: dates in US English with day, long month and year. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric' });
