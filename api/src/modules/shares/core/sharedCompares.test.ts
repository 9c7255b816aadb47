import { describe, expect, it } from 'vitest';
import type { SharedCompareSnapshot } from './ChatShare.ts';
import { sharedCompareView } from './sharedCompares.ts';

const snapshot = (over: Partial<SharedCompareSnapshot> = {}): SharedCompareSnapshot => ({
  blind: false,
  voted: false,
  winner: null,
  tie: false,
  mode: null,
  answers: [
    {
      assistant: 'gemini',
      label: null,
      content: 'One.',
      status: 'complete',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    {
      assistant: 'claude',
      label: null,
      content: 'Two.',
      status: 'stopped',
      createdAt: '2026-01-01T00:00:00.001Z',
    },
  ],
  chosen: 1,
  ...over,
});

describe('sharedCompareView', () => {
  it('names each answer by its assistant and marks the one the chat went on from', () => {
    const view = sharedCompareView(snapshot());
    expect(view).toMatchObject({
      blind: false,
      namesShown: true,
      voted: false,
      winnerName: null,
      tie: false,
    });
    expect(view.answers.map((a) => [a.name, a.model, a.chosen, a.winner, a.status])).toEqual([
      ['Gemini', 'gemini', false, false, 'complete'],
      ['Claude', 'claude', true, false, 'stopped'],
    ]);
    expect(view.answers.every((a) => a.assistantColor)).toBe(true);
  });

  it('gives a blind compare without a vote letters only: no assistant, no colour', () => {
    const view = sharedCompareView(snapshot({ blind: true }));
    expect(view.namesShown).toBe(false);
    expect(view.answers.map((a) => [a.name, a.model, a.assistantColor])).toEqual([
      ['Assistant A', null, null],
      ['Assistant B', null, null],
    ]);
    expect(JSON.stringify(view)).not.toMatch(/gemini|claude/i);
  });

  it('shows a voted blind compare’s names beside their letters, and the winner', () => {
    const view = sharedCompareView(snapshot({ blind: true, voted: true, winner: 'claude' }));
    expect(view).toMatchObject({ namesShown: true, winnerName: 'Claude', tie: false });
    expect(view.answers.map((a) => [a.name, a.winner])).toEqual([
      ['Assistant A · Gemini', false],
      ['Assistant B · Claude', true],
    ]);
  });

  it('shows a tie as one, with no winner', () => {
    const view = sharedCompareView(snapshot({ voted: true, tie: true }));
    expect(view).toMatchObject({ voted: true, tie: true, winnerName: null });
    expect(view.answers.some((a) => a.winner)).toBe(false);
  });
});

describe('sharedCompareView letters', () => {
  it('keeps the letter the chat showed, also when an answer before it was left out', () => {
    const base = snapshot();
    const view = sharedCompareView({
      ...base,
      blind: true,
      answers: [{ ...base.answers[1]!, label: 'Assistant C' }],
      chosen: null,
    });
    expect(view.answers.map((a) => a.name)).toEqual(['Assistant C']);
    const voted = sharedCompareView({
      ...base,
      blind: true,
      voted: true,
      answers: [{ ...base.answers[1]!, label: 'Assistant C' }],
    });
    expect(voted.answers.map((a) => a.name)).toEqual(['Assistant C · Claude']);
  });
});
