import { msg } from '../../lib/i18n';

/** How the webhooks page words a delivery's state and its times (pure, unit-tested). */

export function deliveryStatusText(d: { status: string; attempts: number }): string {
  if (d.status === 'succeeded') return msg('Delivered');
  if (d.status === 'failed') return msg('Failed');
  return d.attempts === 0 ? msg('Sending') : msg('Retrying');
}

/** "12:04:31" today, else "3 Nov, 12:04": the log's times, in the browser's zone. */
export function whenText(iso: string, now = new Date(), language?: string): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' })
    : at.toLocaleString(language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
