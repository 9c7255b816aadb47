/**
 * The chat's outline the api sends with /chat (api/src/http/appShell.ts) lies over the app until the
 * chat page has drawn itself; then, or when the app shows anything else, it goes. Its message box,
 * typed into while the app loaded, is only hidden: the chat's composer takes what it holds
 * (features/chat/components/shellDraft.ts) and removes it.
 */
export function removeAppShell(): void {
  const shell = document.getElementById('app-shell');
  if (!shell || shell.style.display === 'none') return;
  shell.dataset.focused = String(shell.contains(document.activeElement));
  shell.style.display = 'none';
}

/** The paths the chat page answers (AppRoutes.tsx: chat/:chatId?). */
export const isChatPath = (path: string) => /^\/chat(?:\/[^/]+)?\/?$/.test(path);
