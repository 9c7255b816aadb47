import { describe, expect, it } from 'vitest';
import { checkVote, compareAssistants, compareTooBig, mergePrompt, rankLeaderboard } from './rules.ts';

const ids = (list: { id: string }[]) => list.map((a) => a.id);

describe('compareAssistants', () => {
  it('takes 2 chat assistants on Free and up to 4 on a paid plan, by id or @command', () => {
    expect(ids(compareAssistants(['claude', '@Gemini'], 'free'))).toEqual(['claude', 'gemini']);
    expect(ids(compareAssistants(['gpt', 'claude', 'grok', 'code'], 'monthly'))).toEqual([
      'gpt',
      'claude',
      'grok',
      'code',
    ]);
  });

  it('refuses too few, too many for the plan, unknown, repeated, and picture or video assistants', () => {
    expect(() => compareAssistants(['claude'], 'max')).toThrow('Pick at least 2 assistants to compare');
    expect(() => compareAssistants(['gpt', 'claude', 'grok'], 'free')).toThrow(
      'Free compares 2 assistants at once. Upgrade to compare up to 4.',
    );
    expect(() => compareAssistants(['gpt', 'claude', 'grok', 'code', 'study'], 'yearly')).toThrow(
      'Compare at most 4 assistants at once',
    );
    expect(() => compareAssistants(['gpt', 'hal'], 'max')).toThrow('Unknown assistant: hal');
    expect(() => compareAssistants(['gpt', 'GPT'], 'max')).toThrow('GPT is named twice');
    expect(() => compareAssistants(['gpt', 'image'], 'max')).toThrow("@image can't be compared");
    expect(() => compareAssistants(['video', 'gpt'], 'max')).toThrow("@video can't be compared");
  });
});

describe('compareTooBig', () => {
  it('says how many prompts it needs and how many are left', () => {
    expect(compareTooBig(2, 1).message).toBe(
      'This compare needs 2 prompts and you have 1 left this month. Upgrade to Premium for unlimited prompts.',
    );
    expect(compareTooBig(3, 2).message).toContain('Compare 2 assistants, or upgrade');
  });
});

describe('mergePrompt', () => {
  const answers = [
    { name: 'Claude', content: 'Paris. ' },
    { name: 'Grok', content: 'It is Paris.' },
  ];
  it('gives the question and every answer, named', () => {
    const prompt = mergePrompt(' Capital of France? ', answers, false);
    expect(prompt).toContain('Capital of France?');
    expect(prompt).toContain('--- Answer 1 (Claude) ---\nParis.');
    expect(prompt).toContain('--- Answer 2 (Grok) ---\nIt is Paris.');
  });
  it('numbers them without names for a blind compare not voted on yet', () => {
    const prompt = mergePrompt('Q', answers, true);
    expect(prompt).toContain('--- Answer 1 ---');
    expect(prompt).not.toContain('Claude');
  });
});

describe('votes and the leaderboard', () => {
  it('a vote is a winner among those compared, or a tie', () => {
    expect(checkVote(['gpt', 'claude'], 'claude', false)).toEqual({
      assistants: ['gpt', 'claude'],
      winner: 'claude',
      tie: false,
    });
    expect(checkVote(['gpt', 'claude'], null, true).winner).toBeNull();
    expect(() => checkVote(['gpt', 'claude'], 'grok', false)).toThrow('one of the assistants compared');
    expect(() => checkVote(['gpt', 'claude'], null, false)).toThrow('Vote for the best answer');
    expect(() => checkVote(['gpt', 'claude'], 'gpt', true)).toThrow('not both');
  });

  it('ranks most wins first, then fewest losses, then by name', () => {
    const entry = (assistant: string, wins: number, losses: number) => ({
      assistant,
      wins,
      losses,
      ties: 0,
      votes: wins + losses,
    });
    expect(
      rankLeaderboard([
        entry('gpt', 1, 3),
        entry('grok', 2, 1),
        entry('claude', 2, 0),
        entry('code', 1, 3),
      ]).map((e) => e.assistant),
    ).toEqual(['claude', 'grok', 'code', 'gpt']);
  });
});
