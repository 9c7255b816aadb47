import { describe, expect, it } from 'vitest';
import { formatBytes, notEnoughStorage } from './fileLimits.ts';

const KB = 1024;
const MB = 1024 * KB;

describe('formatBytes', () => {
  it('keeps its usual figures', () => {
    expect(formatBytes(340 * KB)).toBe('340 KB');
    expect(formatBytes(1.5 * MB)).toBe('1.5 MB');
    expect(formatBytes(100 * MB)).toBe('100 MB');
    expect(formatBytes(512)).toBe('512 B');
  });

  it('rounds the way it is told', () => {
    expect(formatBytes(0.96 * MB, 'down')).toBe('983 KB');
    expect(formatBytes(1.04 * MB, 'down')).toBe('1 MB');
    expect(formatBytes(1.04 * MB, 'up')).toBe('1.1 MB');
    expect(formatBytes(500 * KB - 70, 'down')).toBe('499 KB');
    expect(formatBytes(1.5 * MB, 'up')).toBe('1.5 MB');
  });
});

describe('notEnoughStorage', () => {
  it('never shows a refused file as fitting in the room left', () => {
    // Each pair: a file and a room just under it, which nearest rounding showed as equal.
    const pairs = [
      [1.04 * MB, 1.01 * MB],
      [1.2 * MB - 1, 1.15 * MB],
      [500 * KB, 500 * KB - 70],
      [150.6 * MB, 150.4 * MB],
      [1 * MB + 1, 1 * MB],
    ];
    for (const [file, left] of pairs) {
      const message = notEnoughStorage({ fileBytes: file!, leftBytes: left!, quotaBytes: 100 * MB });
      const [, fileShown, leftShown] = /the file is (.+?) and only (.+?) of your/.exec(message) ?? [];
      expect(fileShown, message).not.toBe(leftShown);
    }
    expect(notEnoughStorage({ fileBytes: 1.04 * MB, leftBytes: 1.01 * MB, quotaBytes: 100 * MB })).toBe(
      'Not enough storage: the file is 1.1 MB and only 1 MB of your 100 MB is left.',
    );
  });

  it('rounds the room down when the file is still arriving, and offers the upgrade', () => {
    expect(
      notEnoughStorage({ leftBytes: 500 * KB - 70, quotaBytes: 100 * MB, upgradeQuotaBytes: 10 * 1024 * MB }),
    ).toBe('Not enough storage: 499 KB of your 100 MB is left. Upgrade to Premium for 10 GB.');
  });
});
