// Its own module: the public pages' dates (formatDate.ts) don't carry the chat list's formats.

// Chats in the sidebar show their creation date as 'MMM d', e.g. "Nov 22"; one from another year
// (an imported chat) says which: "Mar 1, 2024".
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const SHORT_DATE_WITH_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'MMM d' in the visitor's time zone, with the year when it is not the current one (`now`'s). */
export function formatShortDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (date.getFullYear() === now.getFullYear() ? SHORT_DATE : SHORT_DATE_WITH_YEAR).format(date);
}
