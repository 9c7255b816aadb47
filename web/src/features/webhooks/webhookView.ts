/** How the webhooks page words a delivery's state and its times (pure, unit-tested). */

export function deliveryStatusText(d: { status: string; attempts: number }): string {
  if (d.status === 'succeeded') return 'Delivered';
  if (d.status === 'failed') return 'Failed';
  return d.attempts === 0 ? 'Sending' : 'Retrying';
}

/** "12:04:31" today, else "3 Nov, 12:04": the log's times, in the browser's zone. */
export function whenText(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' })
    : at.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
