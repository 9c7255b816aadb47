import { describe, expect, it } from 'vitest';
import {
  failureEnding,
  generatedImageFile,
  imageMarkdown,
  learnsFrom,
  memoryPrompt,
  modelNameOf,
  refundsUse,
  UNEXPECTED_FAILURE,
} from './answerRules.ts';
import { ProviderError } from './models.ts';

describe('failureEnding', () => {
  it('ends a stopped answer as stopped, whatever was thrown', () => {
    expect(failureEnding(new ProviderError('Rate limited'), true)).toEqual({ status: 'stopped' });
    expect(failureEnding(new Error('aborted'), true)).toEqual({ status: 'stopped' });
  });

  it('shows the provider’s own message', () => {
    expect(failureEnding(new ProviderError('GPT is busy, try again', 503), false)).toEqual({
      status: 'error',
      error: 'GPT is busy, try again',
      unexpected: false,
    });
  });

  it('hides anything else behind a generic message, to be logged', () => {
    expect(failureEnding(new TypeError('x is undefined'), false)).toEqual({
      status: 'error',
      error: UNEXPECTED_FAILURE,
      unexpected: true,
    });
    expect(failureEnding('a string', false)).toMatchObject({ error: UNEXPECTED_FAILURE, unexpected: true });
  });
});

describe('modelNameOf', () => {
  it('keeps at most 100 characters, and null for none', () => {
    expect(modelNameOf('gpt-4o-mini')).toBe('gpt-4o-mini');
    expect(modelNameOf('m'.repeat(150))).toBe('m'.repeat(100));
    expect(modelNameOf(null)).toBeNull();
  });
});

describe('refundsUse', () => {
  const failed = { charged: true, status: 'error', savedStatus: 'error', text: '' } as const;

  it('gives back the use of a charged answer that failed with nothing written', () => {
    expect(refundsUse(failed)).toBe(true);
  });

  it('keeps the use otherwise', () => {
    expect(refundsUse({ ...failed, charged: false })).toBe(false);
    expect(refundsUse({ ...failed, text: 'Partly written' })).toBe(false);
    expect(refundsUse({ ...failed, status: 'stopped', savedStatus: 'stopped' })).toBe(false);
    expect(refundsUse({ ...failed, status: 'complete', savedStatus: 'complete' })).toBe(false);
    // Ended elsewhere first (a Stop from another process): that ending stands, and is not refunded.
    expect(refundsUse({ ...failed, savedStatus: 'stopped' })).toBe(false);
  });
});

describe('learnsFrom', () => {
  it('learns from complete answers only, with memory on', () => {
    expect(learnsFrom('complete', true)).toBe(true);
    expect(learnsFrom('complete', false)).toBe(false);
    expect(learnsFrom('stopped', true)).toBe(false);
    expect(learnsFrom('error', true)).toBe(false);
  });
});

describe('memoryPrompt', () => {
  it('says nothing without facts', () => {
    expect(memoryPrompt([])).toEqual([]);
  });

  it('lists the facts in one system text', () => {
    expect(memoryPrompt(['Lives in Lyon', 'Has a dog'])).toEqual([
      "What you remember about the user from earlier conversations (use it when relevant, don't recite it):\n- Lives in Lyon\n- Has a dog",
    ]);
  });
});

describe('a generated picture', () => {
  it('is stored under its prompt with its type’s extension', () => {
    expect(generatedImageFile('a blue bird', 'image/webp')).toEqual({
      name: 'a blue bird.webp',
      ext: 'webp',
    });
    expect(generatedImageFile('', 'image/png')).toEqual({ name: 'image.png', ext: 'png' });
    expect(generatedImageFile('p'.repeat(80), 'image/jpeg').name).toBe(`${'p'.repeat(60)}.jpeg`);
  });

  it('falls back to png for a type without a subtype', () => {
    expect(generatedImageFile('x', 'image')).toEqual({ name: 'x.png', ext: 'png' });
  });

  it('is shown inline, its prompt without brackets as the alt text', () => {
    expect(imageMarkdown('a [big] bird', '/api/files/k')).toBe('![a big bird](/api/files/k)');
  });
});
