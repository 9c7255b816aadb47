import { describe, expect, it } from 'vitest';
import { citationsOf } from './providers.ts';

describe('citationsOf (a provider that searches itself, as Perplexity streams it)', () => {
  it('reads search_results with titles and snippets, in order', () => {
    expect(
      citationsOf({
        search_results: [
          { title: 'Lanterns', url: 'https://a.example/l', date: '2026-01-01', snippet: 'Paper lanterns…' },
          { title: '', url: 'https://b.example/' },
          { title: 'Bad', url: 'javascript:alert(1)' },
        ],
        citations: ['https://ignored.example/'],
      }),
    ).toEqual([
      { title: 'Lanterns', url: 'https://a.example/l', snippet: 'Paper lanterns…' },
      { title: 'https://b.example/', url: 'https://b.example/', snippet: '' },
    ]);
  });

  it('falls back to the plain citations list, titled by host', () => {
    expect(citationsOf({ citations: ['https://news.example/x', 'not a url', 42] })).toEqual([
      { title: 'news.example', url: 'https://news.example/x', snippet: '' },
    ]);
  });

  it('is null for a chunk citing nothing', () => {
    expect(citationsOf({ choices: [] })).toBeNull();
    expect(citationsOf({ search_results: [], citations: [] })).toBeNull();
    expect(citationsOf(null)).toBeNull();
  });
});
