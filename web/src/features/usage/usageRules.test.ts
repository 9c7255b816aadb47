import { describe, expect, it } from 'vitest';
import {
  barPercent,
  formatBytes,
  formatCost,
  formatSeconds,
  isUsageMonth,
  monthLabel,
  shiftMonth,
} from './usageRules';

describe('usage rules', () => {
  const now = new Date('2026-11-29T20:00:00Z');
  it('accepts months from 2020-01 to this one', () => {
    expect(isUsageMonth('2026-11', now)).toBe(true);
    expect(isUsageMonth('2020-01', now)).toBe(true);
    expect(isUsageMonth('2026-12', now)).toBe(false);
    expect(isUsageMonth('2019-12', now)).toBe(false);
    expect(isUsageMonth('2026-13', now)).toBe(false);
    expect(isUsageMonth(null, now)).toBe(false);
  });
  it('moves across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
  it('words numbers', () => {
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatSeconds(8)).toBe('8 s');
    expect(formatSeconds(75)).toBe('1 min 15 s');
    expect(formatCost(0.408, 'EUR')).toBe('€0.41');
    expect(formatCost(0.004, 'USD')).toBe('$0.0040');
    expect(barPercent(0, 10)).toBe(0);
    expect(barPercent(1, 1000)).toBe(2);
    expect(barPercent(10, 10)).toBe(100);
  });
});
