import { describe, expect, it } from 'vitest';
import { COLLAPSE_FROM_CHARS, COLLAPSED_LINES, isExpanded, isLongPrompt, setExpanded } from './longPrompt';

describe('isLongPrompt', () => {
  it('leaves short prompts whole', () => {
    expect(isLongPrompt('hello')).toBe(false);
    expect(isLongPrompt(Array(COLLAPSED_LINES).fill('line').join('\n'))).toBe(false);
    expect(isLongPrompt('a'.repeat(COLLAPSE_FROM_CHARS))).toBe(false);
  });

  it('collapses prompts with more lines than the collapsed view, or a lot of text', () => {
    expect(
      isLongPrompt(
        Array(COLLAPSED_LINES + 1)
          .fill('line')
          .join('\n'),
      ),
    ).toBe(true);
    expect(isLongPrompt('a'.repeat(COLLAPSE_FROM_CHARS + 1))).toBe(true);
  });
});

describe('expanded prompts', () => {
  it('remembers each message on its own', () => {
    setExpanded('m1', true);
    expect(isExpanded('m1')).toBe(true);
    expect(isExpanded('m2')).toBe(false);
    setExpanded('m1', false);
    expect(isExpanded('m1')).toBe(false);
  });
});
