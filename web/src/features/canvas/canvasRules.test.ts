import { describe, expect, it } from 'vitest';
import {
  assistantName,
  describeChange,
  diffSegments,
  editorLanguage,
  plainTitle,
  spliceProposal,
} from './canvasRules';

describe('spliceProposal', () => {
  const content = 'First sentence here. Second one is rather long indeed. Third.';

  it('puts the text in place of the passage and keeps the rest byte for byte', () => {
    const start = content.indexOf('Second');
    const end = content.indexOf(' Third');
    const next = spliceProposal(content, { start, end, text: 'Second one.' });
    expect(next).toBe('First sentence here. Second one. Third.');
    expect(next.slice(0, start)).toBe(content.slice(0, start));
    expect(next.endsWith(content.slice(end))).toBe(true);
  });

  it('counts UTF-16 code units, as the server does', () => {
    const text = 'a 😀 b';
    expect(spliceProposal(text, { start: 2, end: 4, text: 'X' })).toBe('a X b');
  });

  it('clamps offsets beyond the content', () => {
    expect(spliceProposal('abc', { start: 1, end: 99, text: 'Z' })).toBe('aZ');
    expect(spliceProposal('abc', { start: 5, end: 2, text: 'Z' })).toBe('abcZ');
  });
});

describe('diffSegments', () => {
  it('places kept and removed pieces at their offsets and added ones where they go', () => {
    const segments = diffSegments('the quick brown fox', 'the brown cat', 10);
    expect(
      segments
        .filter((s) => s.kind !== 'added')
        .map((s) => s.text)
        .join(''),
    ).toBe('the quick brown fox');
    expect(
      segments
        .filter((s) => s.kind !== 'removed')
        .map((s) => s.text)
        .join(''),
    ).toBe('the brown cat');
    const removedQuick = segments.find((s) => s.kind === 'removed' && s.text.includes('quick'));
    expect(removedQuick?.at).toBe(10 + 'the '.length);
    const added = segments.find((s) => s.kind === 'added');
    expect(added?.text).toContain('cat');
    // After the removed "fox": a replacement shows right after what it replaces.
    expect(added?.at).toBe(10 + 'the quick brown fox'.length);
  });

  it('has only kept pieces when nothing changes', () => {
    expect(diffSegments('same text', 'same text').every((s) => s.kind === 'same')).toBe(true);
  });

  it('says what changes in words', () => {
    expect(describeChange(diffSegments('one two three', 'one'))).toBe('2 words removed, 0 words added');
    expect(describeChange(diffSegments('a', 'a'))).toBe('No change proposed');
  });
});

describe('editorLanguage', () => {
  it('highlights prose as Markdown and known code languages', () => {
    expect(editorLanguage('text', null)).toBe('markdown');
    expect(editorLanguage('code', 'TSX')).toBe('typescript');
    expect(editorLanguage('code', 'python')).toBe('python');
    expect(editorLanguage('code', 'rust')).toBe('plain');
  });
});

describe('plainTitle', () => {
  it('leaves Markdown markers out of a title', () => {
    expect(plainTitle('**Offline:** add an API key')).toBe('Offline: add an API key');
    expect(plainTitle('## Plan for `main`')).toBe('Plan for main');
    expect(plainTitle('2 * 3 = 6')).toBe('2 * 3 = 6');
    expect(plainTitle('**')).toBe('**');
  });
});

describe('assistantName', () => {
  it('names the model as the chat does, or falls back to its id', () => {
    const assistants = [{ id: 'gpt', name: 'GPT' }];
    expect(assistantName(assistants, 'gpt')).toBe('GPT');
    expect(assistantName(assistants, 'mistral')).toBe('mistral');
    expect(assistantName(assistants, null)).toBe('the assistant');
  });
});
