import { describe, expect, it } from 'vitest';
import type { UiMessage } from './chatMessages';
import {
  announcement,
  lastAnswerKey,
  listRows,
  pendingModel,
  RENDER_ALL_UP_TO,
  rowsToRender,
} from './listRows';

const message = (key: string, patch: Partial<UiMessage> = {}): UiMessage => ({
  key,
  id: key,
  role: 'user',
  content: `text of ${key}`,
  model: 'gpt',
  status: 'complete',
  error: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  images: [],
  siblingIds: [key],
  tokens: null,
  modelName: null,
  ...patch,
});

describe('listRows', () => {
  it('puts the answer on its way after the messages', () => {
    const rows = listRows([message('a'), message('b')], true);
    expect(rows.map((row) => row.key)).toEqual(['a', 'b', 'pending']);
    expect(listRows([message('a')], false).map((row) => row.kind)).toEqual(['message']);
  });
});

describe('rowsToRender', () => {
  it('renders every row of a chat of ordinary length', () => {
    expect(rowsToRender({ first: 3, last: 5, count: 8, overscan: 1 }, [])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(rowsToRender({ first: 0, last: 0, count: RENDER_ALL_UP_TO, overscan: 0 }, [])).toHaveLength(
      RENDER_ALL_UP_TO,
    );
  });

  it('renders only the rows on screen of a long chat, a few either side', () => {
    expect(rowsToRender({ first: 500, last: 503, count: 5000, overscan: 2 }, [])).toEqual([
      498, 499, 500, 501, 502, 503, 504, 505,
    ]);
    // Clipped at both ends.
    expect(rowsToRender({ first: 0, last: 1, count: 5000, overscan: 2 }, [])).toEqual([0, 1, 2, 3]);
    expect(rowsToRender({ first: 4998, last: 4999, count: 5000, overscan: 2 }, [])).toEqual([
      4996, 4997, 4998, 4999,
    ]);
  });

  it('keeps the row being edited and the focused one, wherever the reader scrolled', () => {
    expect(
      rowsToRender({ first: 500, last: 500, count: 5000, overscan: 0 }, [12, 4999, 500, -1, 6000]),
    ).toEqual([12, 500, 4999]);
  });
});

describe('rules of the list', () => {
  const messages = [
    message('u1'),
    message('a1', { role: 'assistant' }),
    message('u2'),
    message('a2', { role: 'assistant' }),
    message('temp-1', { id: null, pending: true, model: 'claude' }),
  ];

  it('offers Regenerate on the newest answer only', () => {
    expect(lastAnswerKey(messages)).toBe('a2');
    expect(lastAnswerKey([message('u1')])).toBeUndefined();
  });

  it('names who the answer on its way is from while sending', () => {
    expect(pendingModel(messages, true)).toBe('claude');
    expect(pendingModel(messages, false)).toBeNull();
    expect(pendingModel([message('u1')], true)).toBeNull();
  });

  it('announces the newest message, or an answer’s error', () => {
    expect(announcement([])).toBeNull();
    expect(announcement(messages.slice(0, 4))).toEqual({ key: 'a2', text: 'text of a2' });
    expect(
      announcement([message('a3', { role: 'assistant', status: 'error', error: 'The provider failed' })]),
    ).toEqual({ key: 'a3', text: 'The provider failed' });
  });

  it('stays quiet about what was there when the chat was opened, and speaks of what arrives', () => {
    const opened = messages.slice(0, 4);
    const atOpening = announcement(opened);
    expect(announcement(opened, atOpening)).toBeNull();
    expect(announcement([...opened, message('u3')], atOpening)).toEqual({ key: 'u3', text: 'text of u3' });
    // An answer written again in place (Regenerate) keeps its key, not its words: heard again.
    const regenerated = [...opened.slice(0, 3), { ...opened[3]!, content: 'a new answer' }];
    expect(announcement(regenerated, atOpening)).toEqual({ key: 'a2', text: 'a new answer' });
    // Nothing noted at opening (a chat made by this send): the newest is heard.
    expect(announcement(opened, null)).toEqual({ key: 'a2', text: 'text of a2' });
  });
});
