import { describe, expect, it } from 'vitest';
import { fuseRanks, withinChars } from './fuse.ts';

describe('fuseRanks (reciprocal rank fusion)', () => {
  it('puts first what both lists rank well', () => {
    expect(
      fuseRanks([
        ['a', 'b', 'c'],
        ['b', 'd', 'a'],
      ]),
    ).toEqual(['b', 'a', 'd', 'c']);
  });
  it('keeps one list as it is', () => {
    expect(fuseRanks([['x', 'y'], []])).toEqual(['x', 'y']);
  });
});

describe('withinChars', () => {
  it('keeps what fits the budget, always the first, at most max', () => {
    const len = (s: string) => s.length;
    expect(withinChars(['aaaaaa', 'd'], len, 5, 10)).toEqual(['aaaaaa']);
    expect(withinChars(['aaa', 'bbbb', 'c'], len, 5, 10)).toEqual(['aaa', 'c']);
    expect(withinChars(['a', 'b', 'c'], len, 100, 2)).toEqual(['a', 'b']);
  });
});
