import { describe, expect, it } from 'vitest';
import type { ChatFieldsFragment } from '../../../graphql/__generated__/graphql';
import type { UiMessage } from './chatMessages';
import {
  cursorAbove,
  initialSession,
  isStreaming,
  lastPromptId,
  lastSavedId,
  prependOlder,
  replaceFrom,
  resendable,
  type SessionState,
  sessionReducer,
  withKnownDetails,
  withLatestPage,
  writingIds,
} from './sessionState';

const message = (id: string | null, patch: Partial<UiMessage> = {}): UiMessage => ({
  key: id ?? 'temp-1',
  id,
  role: 'user',
  content: `text of ${id}`,
  model: 'gpt',
  status: 'complete',
  error: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  images: [],
  siblingIds: id ? [id] : [],
  tokens: null,
  modelName: null,
  ...patch,
});

const chat = (id: string, mode: string | null = null) => ({ id, mode }) as unknown as ChatFieldsFragment;

const reduce = (state: SessionState, ...actions: Parameters<typeof sessionReducer>[1][]) =>
  actions.reduce(sessionReducer, state);

describe('sessionReducer', () => {
  it('starts in the mode of the URL when it is one we know', () => {
    expect(initialSession('study').mode).toBe('study');
    expect(initialSession('nonsense').mode).toBeNull();
    expect(initialSession(null).mode).toBeNull();
  });

  it('opens a chat with nothing of the one before, then shows what the server sent', () => {
    const before = reduce(
      initialSession(null),
      { type: 'loadStarted', chatId: 'a' },
      { type: 'loaded', chat: chat('a'), messages: [message('m1')], olderCursor: 'm1' },
      { type: 'loadEnded' },
      { type: 'upgradeShown', upgrade: { message: 'Upgrade', url: '/plans' } },
    );
    const opening = sessionReducer(before, { type: 'loadStarted', chatId: 'b' });
    expect(opening).toMatchObject({
      chatId: 'b',
      chat: null,
      messages: [],
      olderCursor: null,
      loadingChat: true,
      loadFailed: false,
      upgrade: null,
    });
    const loaded = reduce(
      opening,
      { type: 'loaded', chat: chat('b', 'coach'), messages: [message('x')], olderCursor: null },
      { type: 'loadEnded' },
    );
    expect(loaded).toMatchObject({
      chatId: 'b',
      mode: 'coach',
      loadingChat: false,
      messages: [message('x')],
    });
    // A chat in no mode we know shows none.
    expect(
      sessionReducer(opening, { type: 'loaded', chat: chat('b', 'odd'), messages: [], olderCursor: null })
        .mode,
    ).toBeNull();
  });

  it('a failed load says so until it is tried again', () => {
    const failed = reduce(
      initialSession(null),
      { type: 'loadStarted', chatId: 'a' },
      { type: 'loadFailed' },
      { type: 'loadEnded' },
    );
    expect(failed).toMatchObject({ loadFailed: true, loadingChat: false });
    expect(sessionReducer(failed, { type: 'loadStarted', chatId: 'a' }).loadFailed).toBe(false);
  });

  it('a new chat clears the old one and takes the mode asked for', () => {
    const open = reduce(
      initialSession(null),
      { type: 'loadStarted', chatId: 'a' },
      { type: 'loaded', chat: chat('a'), messages: [message('m1')], olderCursor: 'm1' },
    );
    expect(sessionReducer(open, { type: 'newChat', mode: 'rewrite' })).toMatchObject({
      chatId: null,
      chat: null,
      messages: [],
      olderCursor: null,
      loadingChat: false,
      mode: 'rewrite',
    });
  });

  it('puts the saved copy of a sent prompt in its entry (same key) and its answer after it', () => {
    const pending = message(null, { key: 'temp-7', pending: true });
    const state = reduce(initialSession(null), { type: 'promptAdded', message: pending });
    const sent = sessionReducer(state, {
      type: 'sent',
      key: 'temp-7',
      userMessage: message('u1'),
      aiMessage: message('a1', { role: 'assistant', status: 'streaming' }),
      chat: chat('c1'),
    });
    expect(sent.chatId).toBe('c1');
    expect(sent.messages.map((m) => [m.key, m.id, m.pending])).toEqual([
      ['temp-7', 'u1', undefined],
      ['a1', 'a1', undefined],
    ]);
  });

  it('marks a failed send on its entry, and a resend puts it back on its way', () => {
    const pending = message(null, { key: 'temp-2', pending: true });
    const failed = reduce(
      initialSession(null),
      { type: 'promptAdded', message: pending },
      { type: 'sendFailed', key: 'temp-2', failure: { kind: 'retry' } },
    );
    expect(failed.messages[0]).toMatchObject({ pending: false, failed: true, failure: { kind: 'retry' } });
    const again = sessionReducer(failed, { type: 'resendStarted', key: 'temp-2' });
    expect(again.messages[0]).toMatchObject({ pending: true, failed: false, failure: undefined });
  });

  it('sending clears the notices it answers, and sets sending until it is through', () => {
    const shown = reduce(
      initialSession(null),
      { type: 'upgradeShown', upgrade: { message: 'm', url: '/plans' } },
      { type: 'switched', from: 'leaf' },
      { type: 'sendStarted' },
    );
    expect(shown).toMatchObject({ sending: true, upgrade: null, switchedFrom: null });
    expect(sessionReducer(shown, { type: 'sendEnded' }).sending).toBe(false);
  });

  it('a rewritten answer takes the place of the old one and keeps its key', () => {
    const state = reduce(initialSession(null), {
      type: 'pathShown',
      path: [message('u1'), message('a1', { role: 'assistant', key: 'k-a1' })],
      olderCursor: null,
    });
    const rewritten = sessionReducer(state, {
      type: 'rewritten',
      id: 'a1',
      message: message('a2', { role: 'assistant', status: 'streaming' }),
    });
    expect(rewritten.messages[1]).toMatchObject({ key: 'k-a1', id: 'a2', status: 'streaming' });
  });

  it('an edit replaces the conversation from the edited prompt on and closes the editor', () => {
    const state = reduce(
      initialSession(null),
      { type: 'pathShown', path: ['u1', 'a1', 'u2', 'a2'].map((id) => message(id)), olderCursor: null },
      { type: 'editing', id: 'u2' },
    );
    const edited = sessionReducer(state, {
      type: 'edited',
      messageId: 'u2',
      userMessage: message('u2b'),
      aiMessage: message('a2b'),
    });
    expect(edited.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2b', 'a2b']);
    expect(edited.editingId).toBeNull();
  });

  it('puts an earlier page above without repeating messages already shown', () => {
    const state = reduce(
      initialSession(null),
      { type: 'pathShown', path: [message('m3'), message('m4')], olderCursor: 'm3' },
      { type: 'olderStarted' },
    );
    expect(state.loadingOlder).toBe(true);
    const older = reduce(
      state,
      { type: 'olderLoaded', messages: [message('m1'), message('m2'), message('m3')], olderCursor: null },
      { type: 'olderEnded' },
    );
    expect(older.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(older).toMatchObject({ olderCursor: null, loadingOlder: false });
  });

  it('another chat ends the "switched to another version" notice; the same chat keeps it', () => {
    const switched = reduce(
      initialSession(null),
      { type: 'loadStarted', chatId: 'a' },
      { type: 'switched', from: 'leaf' },
    );
    expect(sessionReducer(switched, { type: 'pathShown', path: [], olderCursor: null }).switchedFrom).toBe(
      'leaf',
    );
    expect(sessionReducer(switched, { type: 'loadStarted', chatId: 'b' }).switchedFrom).toBeNull();
    expect(sessionReducer(switched, { type: 'newChat', mode: null }).switchedFrom).toBeNull();
  });

  it('keeps the video prompt while its dialog is open', () => {
    const asked = sessionReducer(initialSession(null), { type: 'videoAsked', prompt: 'a cat surfing' });
    expect(asked.videoPrompt).toBe('a cat surfing');
    expect(sessionReducer(asked, { type: 'videoClosed' }).videoPrompt).toBeNull();
  });
});

describe('rules read from the messages shown', () => {
  const path = [
    message('u1'),
    message('a1', { role: 'assistant' }),
    message('u2'),
    message('a2', { role: 'assistant', status: 'streaming' }),
    message(null, { key: 'temp-3', pending: true }),
  ];

  it('finds the answers being written', () => {
    expect(isStreaming(path)).toBe(true);
    expect(writingIds(path)).toEqual(['a2']);
    expect(isStreaming(path.slice(0, 2))).toBe(false);
  });

  it('finds the leaf and the last prompt among saved messages only', () => {
    expect(lastSavedId(path)).toBe('a2');
    expect(lastPromptId(path)).toBe('u2');
    expect(lastSavedId([])).toBeNull();
    expect(lastPromptId([message('a', { role: 'assistant' })])).toBeNull();
  });

  it('offers a resend only for a failure that sending again can fix', () => {
    const failed = (kind: 'retry' | 'refused') =>
      message(null, {
        key: 'temp-9',
        failed: true,
        failure: kind === 'retry' ? { kind } : { kind, reason: 'Too long' },
      });
    expect(resendable([failed('retry')], 'temp-9')?.key).toBe('temp-9');
    expect(resendable([failed('refused')], 'temp-9')).toBeNull();
    expect(resendable([message(null, { key: 'temp-9', pending: true })], 'temp-9')).toBeNull();
    // A failure from before Retry was told apart (no reason recorded) can be sent again.
    expect(resendable([message(null, { key: 'temp-9', failed: true })], 'temp-9')).not.toBeNull();
  });

  it('an edit of a prompt no longer shown adds the new turn after the messages', () => {
    expect(replaceFrom([message('u1')], 'gone', [message('u2')]).map((m) => m.id)).toEqual(['u1', 'u2']);
  });

  it('a page that overlaps the messages shown adds only the new ones', () => {
    expect(prependOlder([message('b')], [message('a'), message('b')]).map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('a path has messages above it when its first message follows one', () => {
    expect(cursorAbove([{ id: 'm5', parentId: 'm4' }])).toBe('m5');
    expect(cursorAbove([{ id: 'm1', parentId: null }])).toBeNull();
    expect(cursorAbove([])).toBeNull();
  });
});

describe('the open chat as another tab left it', () => {
  const opened = reduce(
    initialSession(null),
    { type: 'loadStarted', chatId: 'c1' },
    { type: 'olderLoaded', messages: [message('m1'), message('m2')], olderCursor: 'm1' },
    { type: 'loaded', chat: chat('c1'), messages: [message('m3'), message('m4')], olderCursor: 'm1' },
  );

  it('adds what was written there after the older pages read here, keeping rows and the cursor', () => {
    const shown = {
      ...opened,
      messages: [message('m1'), { ...message('m3'), key: 'temp-3' }, message('m4')],
    };
    const next = reduce(shown, {
      type: 'refreshed',
      chat: chat('c1'),
      messages: [
        message('m3'),
        message('m4'),
        message('m5'),
        message('m6', { role: 'assistant', status: 'streaming' }),
      ],
      olderCursor: 'm3',
    });
    expect(next.messages.map((m) => m.key)).toEqual(['m1', 'temp-3', 'm4', 'm5', 'm6']);
    expect(next.messages.at(-1)?.status).toBe('streaming');
    expect(next.olderCursor).toBe(opened.olderCursor);
  });

  it('shows the page alone when another version became the path, and ignores another chat', () => {
    const other = withLatestPage([message('m1'), message('m2')], [message('x1'), message('x2')]);
    expect(other).toEqual({ messages: [message('x1'), message('x2')], joined: false });
    const next = reduce(opened, {
      type: 'refreshed',
      chat: chat('c1'),
      messages: [message('x1')],
      olderCursor: null,
    });
    expect(next.messages.map((m) => m.id)).toEqual(['x1']);
    expect(next.olderCursor).toBeNull();
    expect(reduce(opened, { type: 'refreshed', chat: chat('c2'), messages: [], olderCursor: null })).toBe(
      opened,
    );
  });
});

describe('withKnownDetails', () => {
  it('keeps the compare of a prompt shown before when a version switch answers the path without it', () => {
    const compare = { id: 'p1', answerIds: ['a1', 'a2'] } as unknown as NonNullable<UiMessage['compare']>;
    const shown = [message('p1', { compare }), message('a1', { role: 'assistant' })];
    const path = [message('p1', { compare: null }), message('a2', { role: 'assistant' })];
    const kept = withKnownDetails(shown, path);
    expect(kept[0]?.compare).toBe(compare);
    expect(kept[1]?.id).toBe('a2');
    expect(withKnownDetails([], path)[0]?.compare).toBeNull();
  });

  it('keeps the sources of an answer shown before', () => {
    const sources = [{ n: 1, kind: 'web', title: 'T', url: 'https://t.example/', snippet: '' }];
    const shown = [message('p1'), message('a1', { role: 'assistant', sources })];
    const path = [message('p1'), message('a1', { role: 'assistant' }), message('a3', { role: 'assistant' })];
    const kept = withKnownDetails(shown, path);
    expect(kept[1]?.sources).toBe(sources);
    expect(kept[2]?.sources).toBeUndefined();
  });
});
