import { convert as htmlToText } from 'html-to-text';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import type { PageText } from './split.ts';

/** How a file's text is read: by its type as My Files sniffed it from its bytes (files/core/inspect.ts). */
export type ReadableKind = 'text' | 'html' | 'pdf' | 'docx';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Which reader a file takes, or null when Chorus can't read its type. HTML arrives as text/plain
 * (the upload rule knows no HTML), so its name or its first tag says so.
 */
export function readableKind(contentType: string, name: string, head = ''): ReadableKind | null {
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType === DOCX) return 'docx';
  if (contentType === 'text/plain' && (/\.x?html?$/i.test(name) || /^\s*<(!doctype html|html)/i.test(head)))
    return 'html';
  if (/^text\//.test(contentType) || contentType === 'application/json') return 'text';
  return null;
}

/** What a reader says when it can't read a file: the reason shown beside it in My Files. */
export class Unreadable extends Error {}

/** The reason for a file of a type no reader takes. */
export const unsupportedReason = (contentType: string) =>
  `Chorus can't read this type of file yet (${contentType}): text, Markdown, HTML, CSV, JSON, PDF and Word (DOCX) files can be asked about`;

/** The most text one file gives (about 1,200 pages of prose); what is past it is left out. */
export const MAX_TEXT_CHARS = 5_000_000;

/**
 * A file's text: a PDF's page by page (their numbers kept, from its text layer), the others as one
 * stretch. Throws Unreadable with a reason a person understands (a scanned PDF, a damaged file).
 */
export async function readText(
  kind: ReadableKind,
  bytes: Buffer,
  /** Pages read so far of all (a PDF's, page by page; the others at once). */
  onProgress: (done: number, total: number) => void = () => {},
): Promise<PageText[]> {
  switch (kind) {
    case 'text':
      return [{ page: null, text: bytes.toString('utf8').slice(0, MAX_TEXT_CHARS) }];
    case 'html':
      return [
        {
          page: null,
          text: htmlToText(bytes.toString('utf8').slice(0, MAX_TEXT_CHARS * 2), {
            wordwrap: false,
            selectors: [
              { selector: 'a', options: { ignoreHref: true } },
              { selector: 'img', format: 'skip' },
            ],
          }),
        },
      ];
    case 'docx': {
      const result = await mammoth.extractRawText({ buffer: bytes }).catch((err: unknown) => {
        throw new Unreadable(`This Word file can't be opened (${errorText(err)})`);
      });
      return [{ page: null, text: result.value.slice(0, MAX_TEXT_CHARS) }];
    }
    case 'pdf': {
      const pdf = await getDocumentProxy(new Uint8Array(bytes)).catch((err: unknown) => {
        throw new Unreadable(
          /password/i.test(errorText(err))
            ? 'This PDF is protected by a password'
            : `This PDF can't be opened (${errorText(err)})`,
        );
      });
      try {
        // Page by page (unpdf's extractText asks for every page at once): a long PDF holds one page
        // in memory at a time, says how far it got, and stops reading once it has enough text.
        let total = 0;
        const pages: PageText[] = [];
        for (let n = 1; n <= pdf.numPages && total <= MAX_TEXT_CHARS; n++) {
          const pageText = await pageTextOf(pdf, n);
          total += pageText.length;
          pages.push({ page: n, text: pageText });
          onProgress(n, pdf.numPages);
        }
        if (!pages.some((p) => /\w/.test(p.text)))
          throw new Unreadable(
            'Scanned PDF with no text: it has only pictures of pages, which Chorus can’t read yet',
          );
        return pages;
      } finally {
        await pdf.destroy();
      }
    }
  }
}

/** A page's text as unpdf's extractText gives it: its text items in order, a newline where a line ends. */
async function pageTextOf(pdf: Awaited<ReturnType<typeof getDocumentProxy>>, n: number): Promise<string> {
  const page = await pdf.getPage(n);
  try {
    const content = await page.getTextContent();
    return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
  } finally {
    page.cleanup();
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);
