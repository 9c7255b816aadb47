import { describe, expect, it } from 'vitest';
import { fuseRanks, withinChars } from './fuse.ts';
import { wordQueries } from './retrieve.ts';

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

describe('wordQueries', () => {
  it('asks for any three of the words first, then any two, then any one', () => {
    expect(wordQueries(['revenu', 'contoso', 'grow'])).toEqual([
      "('revenu' & 'contoso' & 'grow')",
      "('revenu' & 'contoso') | ('revenu' & 'grow') | ('contoso' & 'grow')",
      "'revenu' | 'contoso' | 'grow'",
    ]);
    expect(wordQueries(['alone'])).toEqual(["'alone'"]);
    expect(wordQueries([])).toEqual([]);
    expect(wordQueries(["o'neil"])).toEqual(["'o''neil'"]);
    expect(wordQueries(Array.from({ length: 12 }, (_, i) => `w${i}`))[0]!.split(' | ')).toHaveLength(56);
  });
});
