import { Document, Packer } from 'docx';
import { htmlToContent } from 'docx/html';
import MarkdownIt from 'markdown-it';
import type { ChatDocument } from './ChatDocument.ts';

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// Raw HTML in a document stays text: only Markdown's own structure becomes Word's.
const markdown = new MarkdownIt({ html: false, linkify: true });

/**
 * A document as a Word file: prose through Markdown (headings, lists, emphasis, tables, code) into
 * Word's own paragraphs and styles (docx/html), code as one code block of its language.
 */
export async function documentAsDocx(
  document: Pick<ChatDocument, 'title' | 'kind' | 'language' | 'content'>,
) {
  const source =
    document.kind === 'code'
      ? `\`\`\`\`${document.language ?? ''}\n${document.content}\n\`\`\`\``
      : document.content;
  const file = new Document({
    title: document.title,
    sections: [{ children: htmlToContent(markdown.render(source)) }],
  });
  return Packer.toBuffer(file);
}
