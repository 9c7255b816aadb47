/**
 * News for the other tabs of this browser (same origin): a sign-in or sign-out, and a change to the
 * chat list. A BroadcastChannel carries it; where there is none, a localStorage write does (its
 * `storage` event reaches every other tab). A tab never hears its own messages.
 */
export type TabNews = { kind: 'signedOut' } | { kind: 'signedIn'; userId: string } | { kind: 'chatsChanged' };

const NAME = 'chorus:tabs';
let channel: BroadcastChannel | null | undefined;

function openChannel(): BroadcastChannel | null {
  channel ??= typeof BroadcastChannel === 'function' ? new BroadcastChannel(NAME) : null;
  return channel;
}

export function tellOtherTabs(news: TabNews): void {
  const open = openChannel();
  if (open) {
    open.postMessage(news);
    return;
  }
  try {
    // A value that differs every time, so that the same news twice still fires `storage`.
    window.localStorage.setItem(NAME, JSON.stringify({ ...news, at: `${Date.now()}-${Math.random()}` }));
  } catch {
    // Storage refused (private mode quotas): the other tabs learn at their next request.
  }
}

const isNews = (value: unknown): value is TabNews =>
  typeof value === 'object' &&
  value !== null &&
  ['signedOut', 'signedIn', 'chatsChanged'].includes((value as { kind?: unknown }).kind as string);

export function listenToOtherTabs(listener: (news: TabNews) => void): () => void {
  const open = openChannel();
  if (open) {
    const onMessage = (event: MessageEvent) => {
      if (isNews(event.data)) listener(event.data);
    };
    open.addEventListener('message', onMessage);
    return () => open.removeEventListener('message', onMessage);
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== NAME || !event.newValue) return;
    try {
      const news: unknown = JSON.parse(event.newValue);
      if (isNews(news)) listener(news);
    } catch {
      // Not ours to read.
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
