import { describe, expect, it } from 'vitest';
import { fillPrompt, promptVariables } from './promptTemplate';

describe('prompt templates', () => {
  it('lists each placeholder once, in order, spaces around the name ignored', () => {
    expect(
      promptVariables('Write a {{tone}} post about {{ topic }} for {{audience}}, {{tone}} again'),
    ).toEqual(['tone', 'topic', 'audience']);
    expect(promptVariables('Résumé for {{job title}} in {{città}}')).toEqual(['job title', 'città']);
    expect(promptVariables('No {{}} or {{ 1st }} or {single} placeholders')).toEqual([]);
  });

  it('fills what has a value and leaves the rest as written', () => {
    expect(fillPrompt('Hi {{name}}, about {{ topic }}: {{name}}!', { name: 'Ada', topic: ' ' })).toBe(
      'Hi Ada, about {{ topic }}: Ada!',
    );
  });

  it('asks for at most 20', () => {
    const body = Array.from({ length: 30 }, (_, i) => `{{v${i}}}`).join(' ');
    expect(promptVariables(body)).toHaveLength(20);
  });
});
