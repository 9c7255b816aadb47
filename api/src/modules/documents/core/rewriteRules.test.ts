import { describe, expect, it } from 'vitest';
import { cleanProposal, offlineRewrite, rewriteTurns } from './rewriteRules.ts';

describe('rewrite rules', () => {
  it('asks for the selection only, with the text around it', () => {
    const doc = { title: 'Notes', kind: 'text' as const, language: null, content: 'One. Two three. Four.' };
    const turns = rewriteTurns(doc, 5, 15, 'Make it shorter');
    expect(turns[0]!.role).toBe('system');
    expect(turns[0]!.content).toContain('only the passage between <selection>');
    expect(turns[1]!.content).toBe(
      'One. <selection>Two three.</selection> Four.\n\nInstruction: Make it shorter',
    );
  });

  it('takes off fences, tags and quotes the selection did not have, and keeps its own spaces', () => {
    expect(cleanProposal('```\nShort.\n```', ' Long one. ')).toBe(' Short. ');
    expect(cleanProposal('"Short."', 'Long one.')).toBe('Short.');
    expect(cleanProposal('“Short.”', '"Long one."')).toBe('“Short.”');
    expect(cleanProposal('<selection>Short.</selection>', 'Long.\n')).toBe('Short.\n');
    expect(cleanProposal('```js\nx()\n```', '```js\ny()\n```')).toBe('```js\nx()\n```');
  });

  it('proposes offline: shorter, simpler, grammar, otherwise unchanged', () => {
    expect(offlineRewrite('The quick brown fox jumps over the lazy dog.', 'Shorter')).toBe(
      'The quick brown fox jumps over.',
    );
    expect(offlineRewrite(' We utilize numerous tools. ', 'Simpler')).toBe(' We use many tools. ');
    expect(offlineRewrite('i think  it works ,really', 'Fix grammar')).toBe('I think it works, really.');
    expect(offlineRewrite('Keep me.', 'Make it sound like a pirate')).toBe('Keep me.');
    expect(offlineRewrite('Hi', 'Shorter')).toBe('Hi');
  });
});
