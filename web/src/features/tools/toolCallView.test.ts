import { describe, expect, it } from 'vitest';
import { mergeCalls, prettyArguments, statusOf } from './toolCallView';

describe('tool call view', () => {
  it('indents JSON arguments and leaves anything else as written', () => {
    expect(prettyArguments('{"text":"hi"}')).toBe('{\n  "text": "hi"\n}');
    expect(prettyArguments('not json')).toBe('not json');
  });
  it('names each status, and an unknown one as itself', () => {
    expect(statusOf('pending').label).toBe('Waiting for you');
    expect(statusOf('odd')).toEqual({ label: 'odd', palette: 'gray' });
  });
  it('merges calls by id, keeping the order they came in and the newer copy', () => {
    const merged = mergeCalls(
      [
        { id: 'a', status: 'pending' },
        { id: 'b', status: 'done' },
      ],
      [{ id: 'a', status: 'approved' }],
    );
    expect(merged).toEqual([
      { id: 'a', status: 'approved' },
      { id: 'b', status: 'done' },
    ]);
  });
});
