import { describe, expect, it } from 'vitest';
import { cleanText, PASSAGE_CHARS, splitPassages } from './split.ts';

const para = (word: string, n: number) => Array.from({ length: n }, () => word).join(' ');

describe('splitPassages', () => {
  it('keeps short paragraphs of one page together, numbered in reading order', () => {
    const out = splitPassages([{ page: null, text: 'First point.\n\nSecond point.\n\nThird.' }]);
    expect(out).toEqual([{ n: 1, page: null, text: 'First point.\nSecond point.\nThird.' }]);
  });

  it('never joins text across pages, and names each passage’s page', () => {
    const out = splitPassages([
      { page: 1, text: para('alpha', 30) },
      { page: 2, text: para('beta', 30) },
    ]);
    expect(out.map((p) => [p.n, p.page])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(out[1]!.text).toMatch(/^beta/);
  });

  it('splits long text along paragraphs into passages of about PASSAGE_CHARS', () => {
    const text = Array.from({ length: 20 }, (_, i) => `${i}: ${para('word', 40)}`).join('\n\n');
    const out = splitPassages([{ page: null, text }]);
    expect(out.length).toBeGreaterThan(3);
    for (const p of out) expect(p.text.length).toBeLessThanOrEqual(PASSAGE_CHARS * 1.5);
    expect(out.map((p) => p.text).join('\n')).toBe(text.replace(/\n\n/g, '\n'));
  });

  it('cuts a paragraph with no breaks at sentences or spaces', () => {
    const out = splitPassages([{ page: 3, text: para('Sentence here.', 400) }]);
    expect(out.length).toBeGreaterThan(3);
    for (const p of out) expect(p.text.length).toBeLessThanOrEqual(1500);
  });

  it('stops at `max` passages and skips empty pages', () => {
    const pages = Array.from({ length: 10 }, (_, i) => ({ page: i + 1, text: i % 2 ? '' : para('x', 300) }));
    expect(splitPassages(pages, 3)).toHaveLength(3);
    expect(splitPassages(pages).every((p) => p.page! % 2 === 1)).toBe(true);
  });
});

describe('cleanText', () => {
  it('drops NULs and control characters, folds blanks and blank lines', () => {
    expect(cleanText('a\u0000b \t c\r\n\n\n\nd  ')).toBe('a b c\n\nd');
  });
});
