import { describe, expect, it } from 'vitest';
import {
  CHAT_MODELS,
  copyHandle,
  createInput,
  decodeCursor,
  encodeCursor,
  handle,
  likePattern,
  RESERVED_HANDLES,
  updateInput,
} from './rules.ts';

const ok = (input: unknown) => createInput.safeParse(input);
const firstMessage = (input: unknown) => ok(input).error?.issues[0]?.message;

describe('custom assistant rules', () => {
  it('runs on the seven chat assistants only', () => {
    expect([...CHAT_MODELS].sort()).toEqual([
      'claude',
      'code',
      'gemini',
      'gpt',
      'grok',
      'perplexity',
      'study',
    ]);
    expect(firstMessage({ name: 'x', handle: 'abc', model: 'video' })).toMatch(/Model must be one of/);
    expect(firstMessage({ name: 'x', handle: 'abc', model: 'image' })).toMatch(/Model must be one of/);
  });

  it('lowercases handles, drops a leading @, and refuses bad forms and reserved words', () => {
    expect(handle.parse(' @Chef_Bot ')).toBe('chef_bot');
    for (const bad of ['ab', '1abc', '_abc', 'a'.repeat(25), 'has space', 'dash-ed', 'émile', '', '🙂🙂🙂'])
      expect(handle.safeParse(bad).error?.issues[0]?.message, bad).toMatch(/Handle must be 3–24/);
    for (const taken of [
      'gpt',
      'Claude',
      'video',
      'image',
      'study',
      'all',
      'everyone',
      'here',
      'chorus',
      'admin',
      'staff',
      'system',
      'assistant',
      'assistants',
    ])
      expect(handle.safeParse(taken).error?.issues[0]?.message, taken).toBe('That handle is taken');
    expect(RESERVED_HANDLES.size).toBe(18);
  });

  it('trims and bounds every field', () => {
    const parsed = createInput.parse({
      name: '  Chef  ',
      handle: 'chef',
      color: '#AABBCC',
      starters: [' hi '],
    });
    expect(parsed).toMatchObject({ name: 'Chef', handle: 'chef', color: '#aabbcc', starters: ['hi'] });
    expect(firstMessage({ name: '   ', handle: 'chef' })).toBe('Name is required');
    expect(firstMessage({ name: 'x'.repeat(41), handle: 'chef' })).toMatch(/at most 40/);
    expect(firstMessage({ name: 'x', handle: 'chef', color: 'red' })).toMatch(/Colour/);
    expect(firstMessage({ name: 'x', handle: 'chef', color: '#abc' })).toMatch(/Colour/);
    expect(firstMessage({ name: 'x', handle: 'chef', description: 'd'.repeat(201) })).toMatch(/at most 200/);
    expect(firstMessage({ name: 'x', handle: 'chef', instructions: 'i'.repeat(8001) })).toMatch(/8,000/);
    expect(ok({ name: 'x', handle: 'chef', instructions: 'i'.repeat(8000) }).success).toBe(true);
    expect(firstMessage({ name: 'x', handle: 'chef', visibility: 'secret' })).toMatch(/Visibility/);
    expect(firstMessage({ name: 'x', handle: 'chef', starters: ['a', 'b', 'c', 'd', 'e'] })).toMatch(
      /At most 4/,
    );
    expect(firstMessage({ name: 'x', handle: 'chef', starters: ['  '] })).toMatch(/empty/);
    expect(firstMessage({ name: 'x', handle: 'chef', starters: ['s'.repeat(201)] })).toMatch(/at most 200/);
    expect(firstMessage({ name: 'x', handle: 'chef', starters: 'hi' })).toMatch(/list/);
    expect(firstMessage({ name: 'x', handle: 'chef', fileIds: ['nope'] })).toMatch(/file must be an id/);
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(firstMessage({ name: 'x', handle: 'chef', fileIds: Array(11).fill(id) })).toMatch(/At most 10/);
    expect(createInput.parse({ name: 'x', handle: 'chef', fileIds: [id, id.toUpperCase()] }).fileIds).toEqual(
      [id],
    );
    // Tool servers: ids (whose they are is checked against the table, core/assistants.ts), at most 5.
    expect(ok({ name: 'x', handle: 'chef', toolServerIds: [] }).success).toBe(true);
    expect(ok({ name: 'x', handle: 'chef', toolServerIds: [id] }).success).toBe(true);
    expect(firstMessage({ name: 'x', handle: 'chef', toolServerIds: Array(6).fill(id) })).toMatch(
      /At most 5/,
    );
  });

  it('asks an update for something to change', () => {
    expect(updateInput.safeParse({}).error?.issues[0]?.message).toBe('Nothing to change');
    expect(updateInput.parse({ visibility: 'public' })).toEqual({ visibility: 'public' });
  });

  it('escapes LIKE wildcards and round-trips cursors', () => {
    expect(likePattern("50%_off\\'")).toBe("%50\\%\\_off\\\\'%");
    const c = { uses: 12, id: '0f8fad5b-d9cb-469f-a165-70867728950e' };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    for (const bad of ['', 'x', Buffer.from('1:nope').toString('base64url'), 'a'.repeat(300)])
      expect(decodeCursor(bad), bad).toBeNull();
  });

  it('suffixes a copy’s handle with the first free _n within 24 characters', () => {
    expect(copyHandle('chef', new Set(['chef']))).toBe('chef_2');
    expect(copyHandle('chef', new Set(['chef', 'chef_2', 'chef_3']))).toBe('chef_4');
    const long = 'a'.repeat(24);
    expect(copyHandle(long, new Set([long]))).toBe(`${'a'.repeat(22)}_2`);
  });
});
