import { describe, expect, it } from 'vitest';
import {
  answerNumbers,
  blindLabel,
  blindOrder,
  compareColumnName,
  compareSummary,
  formatCost,
  formatDuration,
  maxCompared,
  parseCompare,
  shownColumnName,
  suggestTeam,
} from './compareRules';

const assistants = [
  { id: 'claude', name: 'Claude', command: '@claude', kind: 'chat' },
  { id: 'gemini', name: 'Gemini', command: '@gemini', kind: 'chat' },
  { id: 'grok', name: 'Grok', command: '@grok', kind: 'chat' },
  { id: 'image', name: 'Image', command: '@image', kind: 'image' },
  { id: 'video', name: 'Video', command: '@video', kind: 'video' },
];

describe('parseCompare', () => {
  it('reads two or more leading chat commands as a compare of them, in the order typed', () => {
    const parsed = parseCompare('@claude @Gemini  @grok why is the sky blue?', assistants);
    expect(parsed?.assistants.map((a) => a.id)).toEqual(['claude', 'gemini', 'grok']);
    expect(parsed?.rest).toBe('why is the sky blue?');
  });

  it('is no compare with one command, none, or a command later in the text', () => {
    expect(parseCompare('@claude why?', assistants)).toBeNull();
    expect(parseCompare('why?', assistants)).toBeNull();
    expect(parseCompare('ask @claude @gemini', assistants)).toBeNull();
    expect(parseCompare('@claudette @gemini hi', assistants)).toBeNull();
  });

  it('asks each assistant once, and needs two different ones', () => {
    expect(parseCompare('@claude @claude hi', assistants)).toBeNull();
    expect(parseCompare('@claude @gemini @claude hi', assistants)?.assistants.map((a) => a.id)).toEqual([
      'claude',
      'gemini',
    ]);
  });

  it('leaves @image and @video to a single send', () => {
    expect(parseCompare('@claude @image a cat', assistants)).toBeNull();
    expect(parseCompare('@video @claude a cat', assistants)).toBeNull();
  });

  it('keeps an empty rest (the composer refuses to send nothing)', () => {
    expect(parseCompare('@claude @gemini', assistants)?.rest).toBe('');
  });
});

describe('compare wording and limits', () => {
  it('says who is compared and how many prompts it uses', () => {
    expect(compareSummary(['Claude', 'Gemini', 'Grok'], false)).toBe(
      'Comparing Claude, Gemini, Grok · uses 3 prompts',
    );
    expect(compareSummary(['Claude', 'Gemini'], true)).toBe(
      'Comparing 2 assistants, names hidden · uses 2 prompts',
    );
  });

  it('allows 2 on Free and 4 on paid plans', () => {
    expect(maxCompared('free')).toBe(2);
    expect(maxCompared(null)).toBe(2);
    expect(maxCompared('premium')).toBe(4);
  });

  it('formats times and costs', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatCost(0.00123)).toBe('$0.0012');
    expect(formatCost(0.00001)).toBe('<$0.0001');
    expect(formatCost(1.5)).toBe('$1.50');
  });
});

describe('blind compare', () => {
  it('labels columns A, B, C', () => {
    expect([0, 1, 2].map(blindLabel)).toEqual(['Assistant A', 'Assistant B', 'Assistant C']);
  });

  it('shuffles into a permutation that is the same for the same compare', () => {
    const order = blindOrder('compare-1', 4);
    expect([...order].sort()).toEqual([0, 1, 2, 3]);
    expect(blindOrder('compare-1', 4)).toEqual(order);
  });

  it('does not always keep the order asked', () => {
    const ids = Array.from({ length: 20 }, (_, i) => `c${i}`);
    expect(ids.some((id) => blindOrder(id, 3).join() !== '0,1,2')).toBe(true);
  });

  it('names a column by its letter until the vote, then by letter and name', () => {
    expect(compareColumnName(1, 'Claude', { blind: true, hidden: true })).toBe('Assistant B');
    expect(compareColumnName(1, 'Claude', { blind: true, hidden: false })).toBe('Assistant B · Claude');
    expect(compareColumnName(1, 'Claude', { blind: false, hidden: false })).toBe('Claude');
  });
});

describe('suggestTeam', () => {
  const board = [
    { assistant: 'grok', wins: 1, losses: 3, ties: 0 },
    { assistant: 'claude', wins: 5, losses: 1, ties: 0 },
    { assistant: 'gemini', wins: 3, losses: 0, ties: 1 },
    { assistant: 'gpt', wins: 0, losses: 2, ties: 0 },
  ];

  it('picks the most wins first, up to the plan maximum', () => {
    expect(suggestTeam(board, ['claude', 'gemini', 'grok', 'gpt'], 2)).toEqual(['claude', 'gemini']);
    expect(suggestTeam(board, ['claude', 'gemini', 'grok', 'gpt'], 4)).toEqual(['claude', 'gemini', 'grok']);
  });

  it('leaves out assistants without wins or no longer offered, and needs two', () => {
    expect(suggestTeam(board, ['claude', 'gpt'], 4)).toBeNull();
    expect(suggestTeam([], ['claude'], 4)).toBeNull();
  });
});

describe('answerNumbers', () => {
  it('writes the numbers known, in order', () => {
    expect(answerNumbers({ ttftMs: 850, totalMs: 2400, tokens: 1, costEstimate: 0.00005 })).toEqual([
      'First token 850 ms',
      'Total 2.4 s',
      '1 token',
      '≈ <$0.0001',
    ]);
    expect(answerNumbers({ ttftMs: null, totalMs: null, tokens: 1200, costEstimate: null })).toEqual([
      `${(1200).toLocaleString()} tokens`,
    ]);
  });

  it('draws a blind column name in the page language, keeping the letter and the assistant', () => {
    const german = (id: string, values?: Record<string, unknown>) =>
      id
        .replace('Assistant', 'Assistent')
        .replace(/\{(\w+)\}/g, (_, key: string) => String(values?.[key] ?? ''));
    expect(shownColumnName('Assistant B', german)).toBe('Assistent B');
    expect(shownColumnName('Assistant B · Claude', german)).toBe('Assistent B · Claude');
    expect(shownColumnName('Claude', german)).toBe('Claude');
    expect(shownColumnName('Assistant B · Claude')).toBe('Assistant B · Claude');
  });
});
