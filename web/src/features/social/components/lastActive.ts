/**
 * Spec §4: a friend is online when active in the last 10 minutes; otherwise the text reads
 * "Just now", "N minute(s) ago", "N hour(s) ago" or "N day(s) ago".
 */
export const ONLINE_WINDOW_MS = 10 * 60 * 1000;

export function isOnline(lastActive: string, now = Date.now()): boolean {
  return now - new Date(lastActive).getTime() <= ONLINE_WINDOW_MS;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

export function lastActiveText(lastActive: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(lastActive).getTime()) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

/** Message times: "just now", then Nm/Nh/Nd ago under 7 days, then a short month and day (spec §4). */
export function messageTime(iso: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  const seconds = Math.floor((now - time) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h ago`;
  if (seconds < 7 * 86400) return `${Math.floor(seconds / 86400)}d ago`;
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

export const nameOf = (f: { displayName?: string | null; username: string }) => f.displayName || f.username;
