import { currentLanguage, t } from '../../../lib/i18n';

/**
 * Spec §4: a friend is online when active in the last 10 minutes; otherwise the text reads
 * "Just now", "N minute(s) ago", "N hour(s) ago" or "N day(s) ago".
 */
export const ONLINE_WINDOW_MS = 10 * 60 * 1000;

export function isOnline(lastActive: string, now = Date.now()): boolean {
  return now - new Date(lastActive).getTime() <= ONLINE_WINDOW_MS;
}

export function lastActiveText(lastActive: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(lastActive).getTime()) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return t('Just now');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('{count, plural, one {# minute ago} other {# minutes ago}}', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('{count, plural, one {# hour ago} other {# hours ago}}', { count: hours });
  return t('{count, plural, one {# day ago} other {# days ago}}', { count: Math.floor(hours / 24) });
}

/** "Active 5 minutes ago" under a friend's name: one sentence per unit, so each language words it whole. */
export function activeText(lastActive: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(lastActive).getTime()) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return t('Active just now');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60)
    return t('{count, plural, one {Active # minute ago} other {Active # minutes ago}}', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return t('{count, plural, one {Active # hour ago} other {Active # hours ago}}', { count: hours });
  return t('{count, plural, one {Active # day ago} other {Active # days ago}}', {
    count: Math.floor(hours / 24),
  });
}

/** Message times: "just now", then Nm/Nh/Nd ago under 7 days, then a short month and day (spec §4). */
export function messageTime(iso: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  const seconds = Math.floor((now - time) / 1000);
  if (seconds < 60) return t('just now');
  if (seconds < 3600) return t('{count}m ago', { count: Math.floor(seconds / 60) });
  if (seconds < 86400) return t('{count}h ago', { count: Math.floor(seconds / 3600) });
  if (seconds < 7 * 86400) return t('{count}d ago', { count: Math.floor(seconds / 86400) });
  return new Date(iso).toLocaleDateString(currentLanguage() === 'en' ? 'en-US' : currentLanguage(), {
    month: 'short',
    day: 'numeric',
  });
}

export const nameOf = (f: { displayName?: string | null; username: string }) => f.displayName || f.username;
