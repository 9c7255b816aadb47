import { t } from '../../../lib/i18n';
import { storedText } from '../../../lib/storedText';
import type { UiMessage } from './chatMessages';

/**
 * What the message list shows, top to bottom, as the rows its virtualiser places (MessageList.tsx):
 * the messages, and the answer on its way while a prompt is being sent. (The way to earlier
 * messages sits above the rows, not among them: the virtualiser keeps the first row on screen in
 * place when earlier ones arrive, and that must be a message.) Kept apart from React so the rules are tested without a browser
 * (listRows.test.ts).
 */
export type ListRow =
  | { kind: 'message'; key: string; message: UiMessage }
  | { kind: 'pending'; key: 'pending' };

/**
 * Up to this many rows are all rendered (a chat of ordinary length: the browser's find-in-page and
 * copying the conversation see all of it); past it, only those on screen and a few either side.
 */
export const RENDER_ALL_UP_TO = 150;

/** Rows rendered beyond the edges of the screen, so a quick scroll does not show blanks. */
export const OVERSCAN = 6;

export function listRows(messages: readonly UiMessage[], sending: boolean): ListRow[] {
  const rows: ListRow[] = messages.map((message) => ({ kind: 'message', key: message.key, message }));
  if (sending) rows.push({ kind: 'pending', key: 'pending' });
  return rows;
}

/**
 * The rows to render: all of a short list; of a long one the rows on screen (`first`..`last`) with
 * `overscan` either side, plus the rows that must stay whatever the scroll: one being edited (its
 * draft lives in it) and one holding the keyboard focus (removing it would drop focus to the page).
 */
export function rowsToRender(
  range: { first: number; last: number; count: number; overscan: number },
  kept: readonly number[],
): number[] {
  const { first, last, count, overscan } = range;
  if (count <= RENDER_ALL_UP_TO) return Array.from({ length: count }, (_, index) => index);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count - 1, last + overscan);
  const shown = new Set<number>();
  for (let index = start; index <= end; index += 1) shown.add(index);
  for (const index of kept) if (index >= 0 && index < count) shown.add(index);
  return [...shown].sort((a, b) => a - b);
}

/** The key of the newest answer (the one Regenerate is offered on). */
export function lastAnswerKey(messages: readonly UiMessage[]): string | undefined {
  return messages.findLast((message) => message.role === 'assistant')?.key;
}

/** Who the answer on its way is from (the assistant the pending prompt went to), while sending. */
export function pendingModel(messages: readonly UiMessage[], sending: boolean): string | null {
  return sending ? (messages.findLast((message) => message.pending)?.model ?? null) : null;
}

/**
 * What a screen reader hears of the conversation: the newest message (a prompt as it is sent, an
 * answer as it is written, an answer's error), once it arrives: not the last one already there when
 * the chat was opened (`openedWith`, what would have been heard then). The list's rows come and go as the reader
 * scrolls (they are virtualised), so they cannot be the live region themselves; the answer on its
 * way announces itself ("… is typing", MessageBubble.tsx).
 */
export function announcement(
  messages: readonly UiMessage[],
  openedWith?: Announcement | null,
): Announcement | null {
  const last = messages.at(-1);
  if (!last) return null;
  const heard =
    last.role === 'assistant' && last.status === 'error'
      ? { key: last.key, text: last.error ? storedText(t, last.error) : last.content }
      : { key: last.key, text: last.content };
  // The same message with the same words as at opening is old news; an answer written again in
  // place (Regenerate) keeps its key but not its words.
  return openedWith && heard.key === openedWith.key && heard.text === openedWith.text ? null : heard;
}

export interface Announcement {
  key: string;
  text: string;
}
