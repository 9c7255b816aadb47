/**
 * One source an answer cites as [n]: a passage of the asker's file, or a web page. Saved with the
 * answer (messages.sources, jsonb) and shown the same way for both kinds (GraphQL Message.sources,
 * the REST message's `sources`).
 */
export interface Source {
  /** The number the answer cites it by: [1], [2]... */
  n: number;
  kind: 'file' | 'web';
  /** The file's name, or the page's title. */
  title: string;
  /** Where it opens: the file's download (at its page, `#page=N`, for a PDF), or the web page. */
  url: string | null;
  fileId: string | null;
  /** The PDF page the passage is on (from 1); null for other files and web pages. */
  page: number | null;
  /** The passage quoted (or the page's excerpt). */
  snippet: string;
}

/**
 * Where a file's passage opens: the file shown in the browser where it can be (`?view=1`: a PDF or
 * plain text, files/rest.ts), at its page for a PDF (viewers follow `#page=`); others download.
 */
export const fileSourceUrl = (fileId: string, page: number | null) =>
  `/api/files/${fileId}/download?view=1${page ? `#page=${page}` : ''}`;
