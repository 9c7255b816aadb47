import { describe, expect, it } from 'vitest';
import { chorusMessageSchema } from './formats.ts';

describe('an imported answer’s sources (Chorus export)', () => {
  const message = (sources: unknown) => ({
    role: 'assistant',
    content: 'Lanterns float [1] and the notes agree [2].',
    createdAt: '2026-11-29T07:00:00.000Z',
    sources,
  });

  it('keeps web pages, and a file’s passage without its link to the exporter’s file', () => {
    const parsed = chorusMessageSchema.parse(
      message([
        {
          n: 1,
          kind: 'web',
          title: 'Lanterns',
          url: 'https://a.example/',
          fileId: null,
          page: null,
          snippet: 's',
        },
        {
          n: 2,
          kind: 'file',
          title: 'notes.pdf',
          url: '/api/files/f/download#page=3',
          fileId: 'f',
          page: 3,
          snippet: 'From the notes.',
        },
      ]),
    );
    expect(parsed.sources).toEqual([
      {
        n: 1,
        kind: 'web',
        title: 'Lanterns',
        url: 'https://a.example/',
        fileId: null,
        page: null,
        snippet: 's',
      },
      {
        n: 2,
        kind: 'file',
        title: 'notes.pdf',
        url: null,
        fileId: null,
        page: 3,
        snippet: 'From the notes.',
      },
    ]);
  });

  it('drops a link that is not a web address, and refuses a malformed source', () => {
    const parsed = chorusMessageSchema.parse(
      message([{ n: 1, kind: 'web', title: 'x', url: 'javascript:alert(1)', page: null, snippet: '' }]),
    );
    expect(parsed.sources?.[0]?.url).toBeNull();
    expect(
      chorusMessageSchema.safeParse(message([{ n: 0, kind: 'web', title: 'x', snippet: '' }])).success,
    ).toBe(false);
    expect(
      chorusMessageSchema.safeParse(message([{ n: 1, kind: 'book', title: 'x', snippet: '' }])).success,
    ).toBe(false);
  });
});
