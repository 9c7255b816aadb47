import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { UiMessage } from './chatMessages';
import { type ListRow, OVERSCAN, rowsToRender } from './listRows';

const NEAR_BOTTOM_PX = 96;
/** Earlier messages start loading this close to the top, before the reader gets there. */
const NEAR_TOP_PX = 400;
const HIGHLIGHT_MS = 2500;

/** Space above the first row and below the last (the list's padding), and between rows. */
export const EDGE_PX = 24;
export const GAP_PX = 20;
/** The "Load earlier messages" line above the rows, while there are earlier messages. */
export const OLDER_PX = 32;
/** A row's height before it is measured: about a short answer. */
const ESTIMATED_ROW_PX = 160;

/**
 * How the conversation scrolls (MessageList.tsx draws it). Rows are virtualised
 * (@tanstack/react-virtual): only those on screen are rendered, measured as they render, and
 * anchored to the end, so earlier messages put above keep what the reader was looking at where it
 * was. A new message brings the newest into view; tokens and anything else that makes it taller
 * keep its end in view, unless the reader scrolled up. A search result is scrolled to and
 * highlighted once it is loaded.
 */
export function useMessageScroll({
  scroller,
  rows,
  messages,
  sending,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  keptKeys,
  focusMessageId,
}: {
  scroller: RefObject<HTMLDivElement | null>;
  rows: readonly ListRow[];
  messages: readonly UiMessage[];
  sending: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Rows rendered wherever the reader scrolled (one being edited, one holding focus). */
  keptKeys: readonly (string | null)[];
  focusMessageId?: string | null;
}) {
  const inner = useRef<HTMLDivElement>(null);
  const followBottom = useRef(true);
  /** The first message when earlier ones were asked for: the virtualiser keeps it in place when they come. */
  const olderAsked = useRef<string | null>(null);
  const count = messages.length;
  const lastText = messages[count - 1]?.content.length ?? 0;
  const firstKey = messages[0]?.key;

  const keptIndexes = keptKeys.flatMap((key) => (key ? [rows.findIndex((row) => row.key === key)] : []));
  const keptSignature = keptIndexes.join(',');
  const rangeExtractor = useCallback(
    (range: { startIndex: number; endIndex: number; overscan: number; count: number }) =>
      rowsToRender(
        { first: range.startIndex, last: range.endIndex, count: range.count, overscan: range.overscan },
        keptSignature ? keptSignature.split(',').map(Number) : [],
      ),
    [keptSignature],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey,
    rangeExtractor,
    overscan: OVERSCAN,
    anchorTo: 'end',
    paddingStart: EDGE_PX + (hasOlder ? OLDER_PX + GAP_PX : 0),
    paddingEnd: EDGE_PX,
    gap: GAP_PX,
  });

  // The virtualiser's own way to the end: it keeps going there while the rows on the way are
  // measured (a plain scrollTop write stops short when they come out taller than estimated).
  const toBottom = useCallback(() => virtualizer.scrollToEnd(), [virtualizer]);

  // A new message (yours, or an answer starting) always brings the newest into view; earlier
  // messages put above keep what the reader was looking at (the virtualiser's end anchoring).
  const entries = count + (sending ? 1 : 0);
  // Only a change in the number of entries moves the view; the first key is read at that moment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: firstKey is read, not followed
  useLayoutEffect(() => {
    if (entries === 0) return;
    const asked = olderAsked.current;
    if (asked && firstKey !== asked) {
      olderAsked.current = null;
      return;
    }
    followBottom.current = true;
    toBottom();
  }, [entries]);

  const loadOlder = useCallback(() => {
    if (!hasOlder || loadingOlder || !firstKey) return;
    olderAsked.current = firstKey;
    onLoadOlder();
  }, [firstKey, hasOlder, loadingOlder, onLoadOlder]);

  // A short page fills no screen, so it cannot be scrolled up: earlier messages load at once.
  useEffect(() => {
    const element = scroller.current;
    if (element && hasOlder && !loadingOlder && element.scrollHeight <= element.clientHeight + NEAR_TOP_PX)
      loadOlder();
  }, [hasOlder, loadingOlder, loadOlder, scroller]);

  // Tokens keep it scrolled to the bottom, unless the reader scrolled up to read something earlier.
  useEffect(() => {
    if (followBottom.current && lastText > 0) toBottom();
  }, [lastText, toBottom]);

  // Whatever makes the conversation taller while it is followed keeps its very end in view: the
  // Copy/Regenerate row that appears when an answer is done, the answer's final formatting, images
  // loading, rows measured taller than estimated. Following text length alone left that row 36 px
  // under the composer.
  const shown = rows.length > 0;
  useEffect(() => {
    const element = inner.current;
    if (!shown || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (followBottom.current) toBottom();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, toBottom]);

  // A search result: once its message is loaded, scroll it to the middle (after the jump to the
  // newest above) and stop following the bottom, so the reader stays on it; once per message.
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const focused = useRef<string | null>(null);
  // `messages`, not only their count: a result on another version arrives as a new path, often
  // just as long as the one it replaces.
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages is the trigger (the rows are read)
  useLayoutEffect(() => {
    if (!focusMessageId || focused.current === focusMessageId || count === 0) return;
    const index = rows.findIndex((row) => row.kind === 'message' && row.message.id === focusMessageId);
    // Not shown yet: the chat page opens the chat at it (useVersionPaths' showMessage loads the
    // path through it, further up this one or on another version); this runs again when it arrives.
    if (index < 0) return;
    focused.current = focusMessageId;
    followBottom.current = false;
    virtualizer.scrollToIndex(index, { align: 'center' });
    setHighlighted(focusMessageId);
  }, [focusMessageId, count, messages]);
  useEffect(() => {
    if (!highlighted) return;
    const timer = window.setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    followBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX) loadOlder();
  };

  return { virtualizer, inner, onScroll, loadOlder, highlighted };
}
