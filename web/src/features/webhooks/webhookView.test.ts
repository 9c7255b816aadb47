import { describe, expect, it } from 'vitest';
import { deliveryStatusText, whenText } from './webhookView';

describe('webhook delivery wording', () => {
  it('names each state', () => {
    expect(deliveryStatusText({ status: 'pending', attempts: 0 })).toBe('Sending');
    expect(deliveryStatusText({ status: 'pending', attempts: 2 })).toBe('Retrying');
    expect(deliveryStatusText({ status: 'succeeded', attempts: 3 })).toBe('Delivered');
    expect(deliveryStatusText({ status: 'failed', attempts: 6 })).toBe('Failed');
  });

  it('shows a time today and a date before', () => {
    const now = new Date('2026-11-29T12:00:00');
    expect(whenText('2026-11-29T10:04:31', now)).toMatch(/10.04.31/);
    expect(whenText('2026-11-03T10:04:00', now)).toMatch(/3/);
  });
});
