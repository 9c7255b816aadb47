/**
 * A page the browser restores from its back/forward cache (bfcache) comes back exactly as it was left:
 * after a logout, Back would show the previous user's chats, still in memory. Each sign-in and
 * sign-out writes a new mark to localStorage (shared by the tabs of this browser); a restored page
 * whose mark is out of date reloads, so the server and the session check decide what it shows
 * (a protected route then goes to /login).
 */
const KEY = 'chorus:session-mark';

function read(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

let seen: string | null = null;

/** Called on sign-in and sign-out: pages showing the session before this one are out of date. */
export function markSessionChanged(): void {
  seen = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  try {
    window.localStorage.setItem(KEY, seen);
  } catch {
    // Storage refused (private mode quotas): restored pages just keep today's behaviour.
  }
}

/** Another tab changed the session and this one followed: its page is up to date with the mark. */
export function acceptSessionMark(): void {
  seen = read();
}

/** Installs the check once, when the app starts. */
export function reloadRestoredPagesAfterSessionChange(): void {
  seen = read();
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && read() !== seen) window.location.reload();
  });
}
