import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { UiMessage } from './chatMessages';

/** How long a kept focus waits for the new path; a failed switch must not move focus much later. */
const KEEP_MS = 10_000;

// The version arrows are told apart by data-version (MessageBubble.tsx), not by their translated labels.
const OTHER_WAY: Record<string, string> = { previous: 'next', next: 'previous' };

const pageHasNoFocus = () => {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement;
};

/**
 * Keeps keyboard focus on the conversation's controls when an action replaces the one holding it.
 * Switching versions gives the turn a new message (a new bubble), so the arrow just pressed is gone:
 * focus goes to the same arrow on the new version, or the other one when that end has been reached
 * (the pressed one is disabled there). A sent edit closes its editor: focus goes to the message box
 * (found by its label, Composer.tsx). Without this, focus fell to <body> and Tab started over.
 */
export function useFocusAfterPathChange(
  scroller: RefObject<HTMLElement | null>,
  messages: readonly UiMessage[],
) {
  const pending = useRef<{ index: number; key: string; labels: string[]; until: number } | null>(null);

  const rememberFocus = useCallback(() => {
    const active = document.activeElement;
    const label = active?.getAttribute('aria-label');
    const row = active?.closest<HTMLElement>('[data-key]');
    const index = messages.findIndex((message) => message.key === row?.dataset.key);
    if (!label || !row || index < 0) return;
    const way = active instanceof HTMLElement ? OTHER_WAY[active.dataset.version ?? ''] : undefined;
    const same = `button[aria-label="${CSS.escape(label)}"]`;
    pending.current = {
      index,
      key: messages[index]!.key,
      labels: way ? [same, `button[data-version="${way}"]`] : [same],
      until: Date.now() + KEEP_MS,
    };
  }, [messages]);

  useEffect(() => {
    const kept = pending.current;
    if (!kept) return;
    if (Date.now() > kept.until) {
      pending.current = null;
      return;
    }
    const message = messages[kept.index];
    // Still the old path (the switch is on its way).
    if (!message || message.key === kept.key) return;
    pending.current = null;
    // Someone moved focus in the meantime: leave it there.
    if (!pageHasNoFocus()) return;
    const row = scroller.current?.querySelector(`[data-key="${CSS.escape(message.key)}"]`);
    for (const selector of kept.labels) {
      const button = row?.querySelector<HTMLButtonElement>(selector);
      if (button && !button.disabled) return button.focus({ preventScroll: true });
    }
  }, [messages, scroller]);

  const focusMessageBox = useCallback(() => {
    // The editor that had focus is disabled while it sends, then gone.
    if (!pageHasNoFocus() && !scroller.current?.contains(document.activeElement)) return;
    document.querySelector<HTMLTextAreaElement>('textarea[data-message-box]')?.focus({ preventScroll: true });
  }, [scroller]);

  return { rememberFocus, focusMessageBox };
}
