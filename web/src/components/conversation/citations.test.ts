import { describe, expect, it } from 'vitest';
import { plainSnippet, remarkCitations, splitCitations } from './citations';

describe('splitCitations', () => {
  it('cuts out the markers that name a source, and leaves the others as text', () => {
    expect(splitCitations('Lanterns float [1] for forty minutes [2][7].', 2)).toEqual([
      'Lanterns float ',
      { n: 1 },
      ' for forty minutes ',
      { n: 2 },
      '[7].',
    ]);
    expect(splitCitations('No sources [0] here', 3)).toEqual(['No sources [0] here']);
    expect(splitCitations('[1]', 1)).toEqual([{ n: 1 }]);
  });
});

describe('remarkCitations', () => {
  const tree = () => ({
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'See [1] and ' },
          { type: 'inlineCode', value: 'arr[1]' },
          { type: 'link', url: 'https://x.example', children: [{ type: 'text', value: 'ref [2]' }] },
        ],
      },
    ],
  });

  it('links [n] in text to the answer’s source n, not in code or inside a link', () => {
    const root = tree();
    remarkCitations({ answerId: 'm1', count: 2 })(root);
    expect(root.children[0]!.children).toEqual([
      { type: 'text', value: 'See ' },
      { type: 'link', url: '#src-m1-1', children: [{ type: 'text', value: '[1]' }] },
      { type: 'text', value: ' and ' },
      { type: 'inlineCode', value: 'arr[1]' },
      { type: 'link', url: 'https://x.example', children: [{ type: 'text', value: 'ref [2]' }] },
    ]);
  });

  it('changes nothing for an answer without sources', () => {
    const root = tree();
    remarkCitations({ answerId: 'm1', count: 0 })(root);
    expect(root).toEqual(tree());
  });
});

describe('plainSnippet', () => {
  it('shows a passage’s Markdown as plain words', () => {
    expect(plainSnippet('# Lantern festival\nThe **floating** lanterns are _released_ at `nine`.')).toBe(
      'Lantern festival The floating lanterns are released at nine.',
    );
    expect(plainSnippet('- one\n- [two](https://x.example/)\n> quoted')).toBe('one two quoted');
    expect(plainSnippet('snake_case_name and 2 * 3 * 4')).toBe('snake_case_name and 2 * 3 * 4');
  });
});
