import { describe, expect, it } from 'vitest';
import { keyBytes, pushStateText, sameKey } from './pushRules';

describe('push rules', () => {
  it('reads a URL-safe base64 key, with or without padding', () => {
    expect([...keyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect([...keyBytes('AQID')]).toEqual([1, 2, 3]);
  });

  it("tells a subscription made with another key (the server's keys changed)", () => {
    const key = new Uint8Array([1, 2, 3]).buffer;
    expect(sameKey(key, 'AQID')).toBe(true);
    expect(sameKey(key, 'AQIE')).toBe(false);
    expect(sameKey(null, 'AQID')).toBe(true);
  });

  it('words each state, and "on" with Allow Notifications off says nothing is sent', () => {
    expect(pushStateText('blocked', true)).toMatch(/Blocked by the browser/);
    expect(pushStateText('unsupported', true)).toMatch(/can't receive/);
    expect(pushStateText('on', true)).toMatch(/^On:/);
    expect(pushStateText('on', false)).toMatch(/nothing is sent/);
    expect(pushStateText('unavailable', true)).toMatch(/not set up/);
  });
});
