import { describe, expect, it } from 'vitest';
import { formatBytes, formatCents, formatMs, formatPercent, parseLimit } from './format';

describe('the console formats', () => {
  it('reads an allowance: empty is unlimited, whole numbers up to a million, nothing else', () => {
    expect(parseLimit('')).toBeNull();
    expect(parseLimit('  ')).toBeNull();
    expect(parseLimit('0')).toBe(0);
    expect(parseLimit(' 25 ')).toBe(25);
    expect(parseLimit('1000000')).toBe(1_000_000);
    expect(parseLimit('1000001')).toBeUndefined();
    expect(parseLimit('-1')).toBeUndefined();
    expect(parseLimit('2.5')).toBeUndefined();
    expect(parseLimit('ten')).toBeUndefined();
  });

  it('writes money and durations', () => {
    expect(formatCents(1299)).toBe('$12.99');
    expect(formatCents(110000)).toBe('$1,100.00');
    expect(formatMs(850)).toBe('850 ms');
    expect(formatMs(2400)).toBe('2.4 s');
    expect(formatMs(186_000)).toBe('3.1 min');
    expect(formatMs(null)).toBe('—');
    expect(formatPercent(0.123)).toBe('12%');
  });

  it("writes them in another language's number format", () => {
    expect(formatCents(110000, 'de').replace(/\s/g, ' ')).toBe('1.100,00 $');
    expect(formatMs(2400, 'fr')).toBe('2,4 s');
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
  });
});
