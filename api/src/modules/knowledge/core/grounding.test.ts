import { describe, expect, it } from 'vitest';
import { groundingPrompt, offlineGroundedAnswer, plainMarkdown, quote } from './grounding.ts';
import type { Grounding } from './retrieve.ts';

const source = (n: number, page: number | null, snippet: string) => ({
  n,
  kind: 'file' as const,
  title: 'report.pdf',
  url: `/api/files/f/download${page ? `#page=${page}` : ''}`,
  fileId: 'f',
  page,
  snippet,
});

describe('grounding', () => {
  const g: Grounding = {
    sources: [source(1, 3, 'Revenue grew 12% in 2025.'), source(2, null, 'Costs fell.')],
    unread: [],
  };

  it('hands the model each passage under its number and asks for [n] citations', () => {
    const prompt = groundingPrompt(g);
    expect(prompt).toContain('[1] report.pdf, page 3:\nRevenue grew 12% in 2025.');
    expect(prompt).toContain('[2] report.pdf:\nCosts fell.');
    expect(prompt).toMatch(/\[1\] or \[2\]/);
  });

  it('offline, quotes the best passages with their numbers and where they are', () => {
    const answer = offlineGroundedAnswer('GPT', g);
    expect(answer).toMatch(/^\*\*Offline:\*\*/);
    expect(answer).toContain('> Revenue grew 12% in 2025. [1]');
    expect(answer).toContain('— report.pdf, page 3');
  });

  it("quotes a passage's own Markdown as text, so it is neither a heading nor a citation", () => {
    const md = offlineGroundedAnswer('GPT', {
      sources: [{ ...source(1, null, '# Plan\n\nShip *v2* by [2] <b>'), title: 'my_notes_v2.md' }],
      unread: [],
    });
    expect(md).toContain('> \\# Plan Ship \\*v2\\* by \\[2\\] \\<b\\> [1]');
    expect(md).toContain('— my\\_notes\\_v2.md');
    expect(plainMarkdown('- item')).toBe('\\- item');
    expect(plainMarkdown('12. point')).toBe('12\\. point');
    expect(plainMarkdown('2025 was good.')).toBe('2025 was good.');
  });

  it('says when the files are still being read', () => {
    expect(offlineGroundedAnswer('GPT', { sources: [], unread: ['a.pdf'] })).toContain(
      'still being read (a.pdf)',
    );
    expect(groundingPrompt({ sources: [], unread: ['a.pdf'] })).toContain(
      'Still being read, so not searched yet: a.pdf',
    );
  });

  it('quotes the sentence of a long passage that shares most words with the question', () => {
    const long = `${'Filler sentence about nothing much. '.repeat(30)}The invoice total was 4,200 euros. ${'More filler here. '.repeat(5)}`;
    const q = quote(long, 'What was the invoice total?', 120);
    expect(q).toMatch(/^…The invoice total was 4,200 euros\./);
    expect(q.length).toBeLessThanOrEqual(122);
    expect(quote('Short.', 'x')).toBe('Short.');
    expect(quote(long, '', 50)).toMatch(/^Filler sentence about nothing much\. Filler.*…$/);
  });
});
