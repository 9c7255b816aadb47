/**
 * The chat's outline the api sends with /chat (api/src/http/appShell.ts) lies over the app until the
 * chat page has drawn itself; then, or when the app shows anything else, it goes. (The chat page
 * hides it instead, keeping what was typed into its message box: features/chat/components/shellDraft.ts.)
 */
export function removeAppShell(): void {
  document.getElementById('app-shell')?.remove();
}

/** The paths the chat page answers (AppRoutes.tsx: chat/:chatId?). */
export const isChatPath = (path: string) => /^\/chat(?:\/[^/]+)?\/?$/.test(path);
