import { createContext, useContext } from 'react';

/** Opens the chat search dialog; null outside the signed-in pages, where there is nothing to search. */
export const ChatSearchContext = createContext<(() => void) | null>(null);

export const useOpenChatSearch = () => useContext(ChatSearchContext);

/** "Ctrl K" or "⌘ K", as the visitor's keyboard says it. */
export const searchShortcutLabel = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘ K' : 'Ctrl K';
