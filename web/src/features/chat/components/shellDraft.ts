/**
 * What was typed into the message box of the chat's server-drawn outline (api/src/http/appShell.ts)
 * while the app loaded, for the composer to carry on with (Composer.tsx). The chat page hides the
 * outline once it has drawn (`hideAppShell`); taking the draft removes it. Kept out of lib/appShell.ts,
 * which every page's first JavaScript carries (the budget in web/vite.config.ts).
 */
export interface ShellDraft {
  text: string;
  /** The box had the focus: the composer takes it (on phones too, so the keyboard stays up). */
  focused: boolean;
  /** Enter was pressed there: the composer sends the text as soon as it can. */
  send: boolean;
}

function read(): ShellDraft | null {
  const shell = document.getElementById('app-shell');
  const box = shell?.querySelector('textarea');
  if (!shell || !box) return null;
  const hidden = shell.style.display === 'none';
  const focused = hidden ? shell.dataset.focused === 'true' : document.activeElement === box;
  if (!box.value && !focused) return null;
  return { text: box.value, focused, send: box.dataset.send === '1' && box.value.trim() !== '' };
}

/** Hides the outline, remembering whether its box had the focus (hidden, it loses it). */
export function hideAppShell(): void {
  const shell = document.getElementById('app-shell');
  if (!shell || shell.style.display === 'none') return;
  shell.dataset.focused = String(shell.contains(document.activeElement));
  shell.style.display = 'none';
}

/** The draft, without taking it (a first render's initial text). */
export const peekShellDraft = (): ShellDraft | null => read();

/** Takes the draft, once, and removes the outline: a later composer (another chat) starts empty. */
export function takeShellDraft(): ShellDraft | null {
  const draft = read();
  document.getElementById('app-shell')?.remove();
  return draft;
}
