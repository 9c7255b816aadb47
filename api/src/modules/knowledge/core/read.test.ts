import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readableKind, readText, Unreadable } from './read.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('readableKind', () => {
  it('takes text, Markdown, CSV, JSON, HTML (named or tagged), PDF and DOCX, and nothing else', () => {
    expect(readableKind('text/plain', 'a.txt')).toBe('text');
    expect(readableKind('text/markdown', 'a.md')).toBe('text');
    expect(readableKind('text/csv', 'a.csv')).toBe('text');
    expect(readableKind('application/json', 'a.json')).toBe('text');
    expect(readableKind('text/plain', 'page.html')).toBe('html');
    expect(readableKind('text/plain', 'saved', '<!DOCTYPE html><html>')).toBe('html');
    expect(readableKind('application/pdf', 'a.pdf')).toBe('pdf');
    expect(readableKind(DOCX, 'a.docx')).toBe('docx');
    expect(readableKind('image/png', 'a.png')).toBeNull();
    expect(readableKind('application/zip', 'a.zip')).toBeNull();
  });
});

describe('readText', () => {
  it('reduces HTML to its text, without tags, scripts or link targets', async () => {
    const html = Buffer.from(
      '<html><head><script>alert(1)</script><style>p{}</style></head><body><h1>Prices</h1><p>Tea costs <a href="https://x.test">3 euros</a>.</p></body></html>',
    );
    const [page] = await readText('html', html);
    expect(page!.text).toMatch(/PRICES|Prices/);
    expect(page!.text).toContain('Tea costs 3 euros.');
    expect(page!.text).not.toMatch(/alert|https:|<p>/);
  });

  it('reads a DOCX’s paragraphs', async () => {
    const bytes = readFileSync(
      path.join(import.meta.dirname, '../../../../../tests/fixtures/knowledge/handbook.docx'),
    );
    const [page] = await readText('docx', bytes);
    expect(page).toMatchObject({
      page: null,
      text: expect.stringContaining('twenty-eight days of paid leave'),
    });
  });

  it('reads a PDF page by page, and says why one can’t be read', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage().drawText('First page words', { x: 50, y: 700, font, size: 12 });
    pdf.addPage().drawText('Second page words', { x: 50, y: 700, font, size: 12 });
    const pages = await readText('pdf', Buffer.from(await pdf.save()));
    expect(pages.map((p) => [p.page, p.text.trim()])).toEqual([
      [1, 'First page words'],
      [2, 'Second page words'],
    ]);

    const scan = await PDFDocument.create();
    scan.addPage().drawRectangle({ x: 10, y: 10, width: 100, height: 100 });
    await expect(readText('pdf', Buffer.from(await scan.save()))).rejects.toThrow(
      /^Scanned PDF with no text/,
    );
    await expect(readText('pdf', Buffer.from('%PDF-1.4 not really'))).rejects.toBeInstanceOf(Unreadable);
    await expect(readText('docx', Buffer.from('PK not a zip'))).rejects.toBeInstanceOf(Unreadable);
  });
});
