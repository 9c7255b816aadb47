import { describe, expect, it } from 'vitest';
import { htmlToText } from './pageText.ts';
import { bestPassage } from './webSearch.ts';

describe('bestPassage', () => {
  const page = [
    'Lanterns have been made of paper for centuries.',
    'A floating lantern stays on the lake for about forty minutes.',
    'Gardening tools need oil in winter.',
  ].join('\n\n');

  it('keeps the paragraphs sharing words with the question, in page order', () => {
    const passage = bestPassage(page, 'How long do paper lanterns float on a lake?');
    expect(passage.split('\n\n')).toEqual([
      'Lanterns have been made of paper for centuries.',
      'A floating lantern stays on the lake for about forty minutes.',
    ]);
    expect(bestPassage(page, 'quantum chromodynamics')).toContain('Lanterns have been made');
  });

  it('stays within its length, cutting one long paragraph rather than returning nothing', () => {
    const long = 'lantern '.repeat(400);
    const passage = bestPassage(long, 'lantern');
    expect(passage.length).toBeLessThanOrEqual(1_200);
    expect(passage.endsWith('…')).toBe(true);
  });

  it('gives nothing for an empty page', () => {
    expect(bestPassage('', 'anything')).toBe('');
  });
});

describe('htmlToText', () => {
  it('keeps the words of the page, not its scripts, styles, navigation or link targets', () => {
    const text = htmlToText(
      '<html><head><script>var secret = 1</script><style>p { color: red }</style></head><body><nav>Menu</nav>' +
        '<main><h2>Title</h2><p>Read <a href="https://x.example/">this</a> first.</p></main><footer>Foot</footer></body></html>',
    );
    expect(text).toContain('Title');
    expect(text).toContain('Read this first.');
    for (const gone of ['secret', 'color', 'Menu', 'Foot', 'x.example']) expect(text).not.toContain(gone);
  });
});
