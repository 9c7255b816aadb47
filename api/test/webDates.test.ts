import { describe, expect, it } from 'vitest';
import { formatShortDate } from '../../web/src/lib/formatShortDate.ts';

/** The sidebar's chat dates (web/src/lib/formatShortDate.ts): a plain function, tested here with the rest. */
describe('formatShortDate', () => {
  const now = new Date(2026, 10, 28, 12);
  it('is "MMM d" for a date of the current year', () => {
    expect(formatShortDate(new Date(2026, 10, 22, 9).toISOString(), now)).toBe('Nov 22');
    expect(formatShortDate(new Date(2026, 0, 1, 0, 30).toISOString(), now)).toBe('Jan 1');
  });

  it('says the year of a date from another year (an imported chat)', () => {
    expect(formatShortDate(new Date(2024, 2, 1, 10).toISOString(), now)).toBe('Mar 1, 2024');
    expect(formatShortDate(new Date(2025, 11, 31, 23).toISOString(), now)).toBe('Dec 31, 2025');
    expect(formatShortDate(new Date(2027, 0, 2).toISOString(), now)).toBe('Jan 2, 2027');
  });

  it('is empty for what is no date', () => {
    expect(formatShortDate('not a date', now)).toBe('');
  });
});
