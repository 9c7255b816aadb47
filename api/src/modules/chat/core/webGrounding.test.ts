import { describe, expect, it } from 'vitest';
import { groundingPrompt, offlineGroundedAnswer } from '../../knowledge/core/grounding.ts';
import type { ProviderProfile } from './models.ts';
import { citedSources, searchesWithChorus, withWebSources } from './webGrounding.ts';

const profile = (over: Partial<ProviderProfile> = {}): ProviderProfile => ({
  assistantId: 'perplexity',
  baseURL: 'http://localhost:9/v1',
  apiKey: 'k',
  model: 'm',
  systemPrompt: '',
  vision: false,
  timeoutMs: 1000,
  idleTimeoutMs: 1000,
  streamUsage: true,
  tools: false,
  ...over,
});
const chat = { id: 'gpt', kind: 'chat' } as const;
const perplexity = { id: 'perplexity', kind: 'chat' } as const;

describe('searchesWithChorus', () => {
  it('searches when asked, and always for @perplexity, when a search service is configured', () => {
    expect(searchesWithChorus(chat, profile(), true, true)).toBe(true);
    expect(searchesWithChorus(chat, profile(), false, true)).toBe(false);
    expect(searchesWithChorus(perplexity, profile(), false, true)).toBe(true);
    expect(searchesWithChorus(perplexity, undefined, false, true)).toBe(true);
    expect(searchesWithChorus(chat, profile(), true, false)).toBe(false);
    expect(searchesWithChorus({ id: 'image', kind: 'image' }, profile(), true, true)).toBe(false);
  });

  it('leaves a provider that searches by itself to its own search, unless it is offline', () => {
    expect(searchesWithChorus(perplexity, profile({ searchesWeb: true }), true, true)).toBe(false);
    expect(
      searchesWithChorus(perplexity, profile({ searchesWeb: true, apiKey: undefined }), false, true),
    ).toBe(true);
  });
});

describe('web sources', () => {
  const file = {
    n: 1,
    kind: 'file' as const,
    title: 'notes.pdf',
    url: '/api/files/f/download#page=2',
    fileId: 'f',
    page: 2,
    snippet: 'From the notes.',
  };
  const finding = { title: 'Lanterns', url: 'https://a.example/', snippet: 's', passage: 'They float.' };

  it('numbers web results after the files’ passages', () => {
    const g = withWebSources({ sources: [file], unread: [] }, [finding]);
    expect(g.sources.map((s) => [s.n, s.kind, s.title])).toEqual([
      [1, 'file', 'notes.pdf'],
      [2, 'web', 'Lanterns'],
    ]);
    expect(g.sources[1]).toMatchObject({
      url: 'https://a.example/',
      fileId: null,
      page: null,
      snippet: 'They float.',
    });
  });

  it('turns a provider’s citations into sources, or nothing', () => {
    expect(citedSources([{ title: 'T', url: 'https://t.example/', snippet: '' }])).toEqual([
      { n: 1, kind: 'web', title: 'T', url: 'https://t.example/', fileId: null, page: null, snippet: '' },
    ]);
    expect(citedSources([])).toBeNull();
    expect(citedSources(undefined)).toBeNull();
  });

  it('tells the model what the sources are, and when the search failed', () => {
    const web = { ...withWebSources(undefined, [finding]), web: 'searched' as const };
    expect(groundingPrompt(web)).toContain('Results of a web search');
    expect(groundingPrompt(web)).toContain('[1] Lanterns (https://a.example/):\nThey float.');
    const both = { ...withWebSources({ sources: [file], unread: [] }, [finding]), web: 'searched' as const };
    expect(groundingPrompt(both)).toContain(
      'Passages of files the user attached from My Files and results of a web search',
    );
    const failed = { sources: [], unread: [], web: 'failed' as const };
    expect(groundingPrompt(failed)).toContain('The web search failed this time');
    expect(offlineGroundedAnswer('Perplexity', failed)).toContain('The web search failed this time.');
    expect(offlineGroundedAnswer('Perplexity', web)).toContain('Here is what the web says:');
    expect(offlineGroundedAnswer('Perplexity', web)).toContain('> They float. [1]');
  });
});
