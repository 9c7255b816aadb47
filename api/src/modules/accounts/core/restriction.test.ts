import { describe, expect, it } from 'vitest';
import { signInRefusal, statusOf } from './restriction.ts';

const now = new Date('2026-11-29T12:00:00Z');
const later = new Date('2026-11-30T08:30:00Z');

describe('signInRefusal', () => {
  it('lets an unrestricted account in, and one whose suspension has passed', () => {
    expect(signInRefusal({ bannedAt: null, suspendedUntil: null, restrictionReason: null }, now)).toBeNull();
    expect(signInRefusal({ bannedAt: null, suspendedUntil: now, restrictionReason: 'x' }, later)).toBeNull();
    expect(statusOf({ bannedAt: null, suspendedUntil: now }, later)).toBe('active');
  });

  it('names a ban and its reason', () => {
    expect(signInRefusal({ bannedAt: now, suspendedUntil: null, restrictionReason: 'spam' }, now)).toBe(
      'This account has been banned. Reason: spam',
    );
    expect(signInRefusal({ bannedAt: now, suspendedUntil: later, restrictionReason: null }, now)).toBe(
      'This account has been banned.',
    );
    expect(statusOf({ bannedAt: now, suspendedUntil: later }, now)).toBe('banned');
  });

  it('names when a suspension ends, in UTC', () => {
    expect(signInRefusal({ bannedAt: null, suspendedUntil: later, restrictionReason: 'cool off' }, now)).toBe(
      'This account is suspended until Mon, 30 Nov 2026 08:30:00 UTC. Reason: cool off',
    );
    expect(statusOf({ bannedAt: null, suspendedUntil: later }, now)).toBe('suspended');
  });
});
