import type { ChatFieldsFragment } from '../../../graphql/__generated__/graphql';
import { type ChatMode, isChatMode } from './assistants';
import type { UiMessage, UpgradeNotice } from './chatMessages';
import type { SendFailure } from './sendFailure';

/**
 * What the chat screen shows of the open chat (useChatSession.ts holds it): the chat, its path of
 * messages, what is loading, and the notices on show. Every change is one of the actions below, so
 * the rules (what a new chat clears, where a sent prompt's saved copy goes, what an edit replaces)
 * live here and are tested without a browser (sessionState.test.ts).
 */
export interface SessionState {
  chatId: string | null;
  chat: ChatFieldsFragment | null;
  messages: UiMessage[];
  loadingChat: boolean;
  loadFailed: boolean;
  /** The cursor of the page above the messages shown (the first one's id); null at the chat's start. */
  olderCursor: string | null;
  loadingOlder: boolean;
  mode: ChatMode | null;
  /** A prompt is on its way (sent, or edited and sent again); one at a time. */
  sending: boolean;
  upgrade: UpgradeNotice | null;
  /** The prompt of the video dialog while it is open. */
  videoPrompt: string | null;
  /**
   * The path the chat was on before a search result switched it to another version (its last
   * message), so the user can go back; null when no such switch is on show.
   */
  switchedFrom: string | null;
  /** The prompt being edited in place (its id), if any. */
  editingId: string | null;
}

export type SessionAction =
  | { type: 'newChat'; mode: ChatMode | null }
  | { type: 'modeChosen'; mode: ChatMode | null }
  | { type: 'loadStarted'; chatId: string }
  | { type: 'loaded'; chat: ChatFieldsFragment; messages: UiMessage[]; olderCursor: string | null }
  | { type: 'refreshed'; chat: ChatFieldsFragment; messages: UiMessage[]; olderCursor: string | null }
  | { type: 'loadFailed' }
  | { type: 'loadEnded' }
  | { type: 'olderStarted' }
  | { type: 'olderLoaded'; messages: UiMessage[]; olderCursor: string | null }
  | { type: 'olderEnded' }
  | { type: 'promptAdded'; message: UiMessage }
  | { type: 'sendStarted' }
  | { type: 'sendEnded' }
  | { type: 'sent'; key: string; userMessage: UiMessage; aiMessage: UiMessage; chat: ChatFieldsFragment }
  | { type: 'sendFailed'; key: string; failure: SendFailure }
  | { type: 'resendStarted'; key: string }
  | { type: 'patched'; id: string; patch: (message: UiMessage) => UiMessage }
  | { type: 'rewriteStarted' }
  | { type: 'rewritten'; id: string; message: UiMessage }
  | { type: 'edited'; messageId: string; userMessage: UiMessage; aiMessage: UiMessage }
  | { type: 'pathShown'; path: UiMessage[]; olderCursor: string | null }
  | { type: 'editing'; id: string | null }
  | { type: 'upgradeShown'; upgrade: UpgradeNotice }
  | { type: 'upgradeDismissed' }
  | { type: 'videoAsked'; prompt: string }
  | { type: 'videoClosed' }
  | { type: 'switched'; from: string | null }
  | { type: 'switchDismissed' };

export function initialSession(urlMode: string | null): SessionState {
  return {
    chatId: null,
    chat: null,
    messages: [],
    loadingChat: false,
    loadFailed: false,
    olderCursor: null,
    loadingOlder: false,
    mode: isChatMode(urlMode) ? urlMode : null,
    sending: false,
    upgrade: null,
    videoPrompt: null,
    switchedFrom: null,
    editingId: null,
  };
}

/** A chat's view with nothing of the one before: its messages, pages, load state and notices cleared. */
const cleared = {
  chat: null,
  messages: [],
  olderCursor: null,
  loadingOlder: false,
  loadFailed: false,
  upgrade: null,
} satisfies Partial<SessionState>;

function step(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'newChat':
      return { ...state, ...cleared, chatId: null, loadingChat: false, mode: action.mode };
    case 'modeChosen':
      return { ...state, mode: action.mode };
    case 'loadStarted':
      return { ...state, ...cleared, chatId: action.chatId, loadingChat: true };
    case 'loaded':
      return {
        ...state,
        chat: action.chat,
        olderCursor: action.olderCursor,
        mode: isChatMode(action.chat.mode) ? action.chat.mode : null,
        messages: action.messages,
      };
    case 'refreshed': {
      if (state.chatId !== action.chat.id) return state;
      const latest = withLatestPage(state.messages, action.messages);
      return {
        ...state,
        chat: action.chat,
        messages: latest.messages,
        olderCursor: latest.joined ? state.olderCursor : action.olderCursor,
      };
    }
    case 'loadFailed':
      return { ...state, loadFailed: true };
    case 'loadEnded':
      return { ...state, loadingChat: false };
    case 'olderStarted':
      return { ...state, loadingOlder: true };
    case 'olderLoaded':
      return {
        ...state,
        messages: prependOlder(state.messages, action.messages),
        olderCursor: action.olderCursor,
      };
    case 'olderEnded':
      return { ...state, loadingOlder: false };
    case 'promptAdded':
      return { ...state, messages: [...state.messages, action.message] };
    case 'sendStarted':
      // Writing on the version shown makes it the user's path: nothing left to go back to.
      return { ...state, sending: true, upgrade: null, switchedFrom: null };
    case 'sendEnded':
      return { ...state, sending: false };
    case 'sent':
      return {
        ...state,
        messages: [
          ...state.messages.map((message) =>
            message.key === action.key ? { ...action.userMessage, key: action.key } : message,
          ),
          action.aiMessage,
        ],
        chatId: action.chat.id,
        chat: action.chat,
      };
    case 'sendFailed':
      return {
        ...state,
        messages: byKey(state.messages, action.key, {
          pending: false,
          failed: true,
          failure: action.failure,
        }),
      };
    case 'resendStarted':
      return {
        ...state,
        messages: byKey(state.messages, action.key, { failed: false, failure: undefined, pending: true }),
      };
    case 'patched':
      return { ...state, messages: byId(state.messages, action.id, action.patch) };
    case 'rewriteStarted':
      return { ...state, upgrade: null, switchedFrom: null };
    case 'rewritten':
      // Another version of an answer is a new message in its place (the old one stays a version);
      // a retry rewrites the same one. Either way the entry keeps its key.
      return {
        ...state,
        messages: byId(state.messages, action.id, (message) => ({ ...action.message, key: message.key })),
      };
    case 'edited':
      return {
        ...state,
        messages: replaceFrom(state.messages, action.messageId, [action.userMessage, action.aiMessage]),
        editingId: null,
      };
    case 'pathShown':
      return {
        ...state,
        messages: withKnownDetails(state.messages, action.path),
        olderCursor: action.olderCursor,
        editingId: null,
      };
    case 'editing':
      return { ...state, editingId: action.id };
    case 'upgradeShown':
      return { ...state, upgrade: action.upgrade };
    case 'upgradeDismissed':
      return { ...state, upgrade: null };
    case 'videoAsked':
      return { ...state, videoPrompt: action.prompt };
    case 'videoClosed':
      return { ...state, videoPrompt: null };
    case 'switched':
      return { ...state, switchedFrom: action.from };
    case 'switchDismissed':
      return { ...state, switchedFrom: null };
  }
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  const next = step(state, action);
  // Any other chat ends the "switched to another version" notice.
  return next.chatId !== state.chatId && next.switchedFrom !== null ? { ...next, switchedFrom: null } : next;
}

/**
 * A path a version switch answers comes without compares and sources (features/chat/graphql.ts
 * MessageCoreFields): a message shown before keeps them, so a compare's columns and an answer's
 * sources stay.
 */
export function withKnownDetails(current: readonly UiMessage[], path: UiMessage[]): UiMessage[] {
  const known = new Map(current.flatMap((m) => (m.id ? [[m.id, m] as const] : [])));
  return path.map((m) => {
    const before = m.id ? known.get(m.id) : undefined;
    if (!before) return m;
    return {
      ...m,
      compare: m.compare ?? before.compare ?? null,
      sources: m.sources?.length ? m.sources : before.sources,
    };
  });
}

/** A prompt not yet saved is found by its key (it has no id yet): its sending state changes. */
function byKey(messages: UiMessage[], key: string, changes: Partial<UiMessage>): UiMessage[] {
  return messages.map((message) => (message.key === key ? { ...message, ...changes } : message));
}

function byId(messages: UiMessage[], id: string, patch: (message: UiMessage) => UiMessage): UiMessage[] {
  return messages.map((message) => (message.id === id ? patch(message) : message));
}

/** An earlier page put above the messages shown; any already shown (a page that overlaps) are not repeated. */
export function prependOlder(current: UiMessage[], older: readonly UiMessage[]): UiMessage[] {
  const shown = new Set(current.map((message) => message.id));
  return [...older.filter((message) => !shown.has(message.id)), ...current];
}

/**
 * The open chat as another tab left it: the server's newest page after the older messages this tab
 * had loaded above that page (kept, so a reader scrolled back stays in place), each message shown
 * before keeping its key (its row stays mounted). A page that doesn't join the messages shown
 * (another version became the path) replaces them.
 */
export function withLatestPage(
  current: readonly UiMessage[],
  page: readonly UiMessage[],
): { messages: UiMessage[]; joined: boolean } {
  const at = page[0] ? current.findIndex((message) => message.id === page[0]!.id) : -1;
  if (at < 0) return { messages: [...page], joined: false };
  const keys = new Map(current.map((message) => [message.id, message.key]));
  return {
    messages: [
      ...current.slice(0, at),
      ...page.map((message) => ({ ...message, key: keys.get(message.id) ?? message.key })),
    ],
    joined: true,
  };
}

/**
 * The conversation after an edited prompt: everything from the prompt on is replaced by its new
 * version and that version's answer (the old ones stay reachable as versions). A prompt no longer
 * shown leaves the messages as they are, with the new turn after them.
 */
export function replaceFrom(
  messages: UiMessage[],
  messageId: string,
  turn: readonly UiMessage[],
): UiMessage[] {
  const at = messages.findIndex((message) => message.id === messageId);
  return [...messages.slice(0, at < 0 ? messages.length : at), ...turn];
}

/** The cursor above a path shown from its start: its first message's id when it follows one (schema/chat.graphql). */
export function cursorAbove(path: readonly { id: string; parentId?: string | null }[]): string | null {
  return path[0]?.parentId ? path[0].id : null;
}

/** An answer is being written somewhere in the path shown. */
export const isStreaming = (messages: readonly UiMessage[]) =>
  messages.some((message) => message.status === 'streaming');

/** The ids of the answers being written (what Stop stops). */
export const writingIds = (messages: readonly UiMessage[]): string[] =>
  messages.flatMap((message) => (message.status === 'streaming' && message.id ? [message.id] : []));

/** The last saved message of the path shown (its leaf), or null. */
export const lastSavedId = (messages: readonly UiMessage[]): string | null =>
  messages.findLast((message) => message.id)?.id ?? null;

/** The last saved prompt of the path shown (what Up arrow in an empty composer edits), or null. */
export const lastPromptId = (messages: readonly UiMessage[]): string | null =>
  messages.findLast((message) => message.role === 'user' && message.id)?.id ?? null;

/**
 * A failed prompt that can be sent again, or null: refused ones (the text, or the plan) would only
 * be refused again.
 */
export function resendable(messages: readonly UiMessage[], key: string): UiMessage | null {
  const failed = messages.find((message) => message.key === key && message.failed);
  if (!failed || (failed.failure && failed.failure.kind !== 'retry')) return null;
  return failed;
}
