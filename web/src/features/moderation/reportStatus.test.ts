import { describe, expect, it } from 'vitest';
import { reportStatusText } from './reportStatus';

describe('reportStatusText', () => {
  it('says an open report is under review, whatever its outcome field', () => {
    expect(reportStatusText('open', null)).toBe('Under review');
    expect(reportStatusText('open', 'hide')).toBe('Under review');
  });
  it('words each moderator action', () => {
    expect(reportStatusText('resolved', 'hide')).toBe('Removed from view by moderators');
    expect(reportStatusText('resolved', 'dismiss')).toBe('Reviewed: no action');
    expect(reportStatusText('resolved', 'warn')).toBe('The person was warned');
    expect(reportStatusText('resolved', 'restore')).toBe('Reviewed and restored');
    expect(reportStatusText('resolved', 'ban')).toBe('The person was banned');
  });
  it('falls back to plain "Reviewed" for an unknown or missing outcome', () => {
    expect(reportStatusText('resolved', null)).toBe('Reviewed');
    expect(reportStatusText('resolved', 'something-new')).toBe('Reviewed');
  });
});
