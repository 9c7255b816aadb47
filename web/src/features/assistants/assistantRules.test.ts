import { describe, expect, it } from 'vitest';
import { chatLink, handleFromName, handleProblem, initialOf, normalizeHandle } from './assistantRules';

describe('assistant form rules', () => {
  it('normalises a typed handle', () => {
    expect(normalizeHandle(' @Chef-Bot! ')).toBe('chefbot');
    expect(normalizeHandle('x'.repeat(30))).toHaveLength(24);
  });

  it('suggests a handle from a name', () => {
    expect(handleFromName('Chef Bot')).toBe('chef_bot');
    expect(handleFromName('Émile’s tutor')).toBe('emile_s_tutor');
    expect(handleFromName('42 answers')).toBe('answers');
    expect(handleFromName('AI')).toBe('');
    expect(handleFromName('🙂🙂')).toBe('');
  });

  it('says what is wrong with a handle', () => {
    expect(handleProblem('')).toBe('Choose a handle');
    expect(handleProblem('1ab')).toBe('Start with a letter');
    expect(handleProblem('ab')).toBe('At least 3 characters');
    expect(handleProblem('chef_bot')).toBeNull();
  });

  it('draws an initial and a chat link', () => {
    expect(initialOf('  émile')).toBe('É');
    expect(initialOf('🙂')).toBe('?');
    expect(chatLink('chef_bot')).toBe('/chat?assistant=chef_bot');
  });
});

describe('avatar text colour', () => {
  it('picks the more readable of black and white', async () => {
    const { textOn } = await import('./assistantRules');
    expect(textOn('#4f46e5')).toBe('#ffffff');
    expect(textOn('#1e3a8a')).toBe('#ffffff');
    expect(textOn('#f59e0b')).toBe('#000000');
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn('bad')).toBe('#ffffff');
  });
});
