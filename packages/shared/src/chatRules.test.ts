import { describe, expect, it } from 'vitest';
import { MESSAGE_COUNTER_FROM, MESSAGE_MAX, messageLength, messageTooLong } from './chatRules.ts';

describe('messageLength', () => {
  it('shows no counter well under the limit', () => {
    expect(messageLength('hello')).toEqual({ length: 5, showCounter: false, over: false, excess: 0 });
  });

  it('shows the counter near the limit, and refuses only past it', () => {
    expect(messageLength('a'.repeat(MESSAGE_COUNTER_FROM))).toMatchObject({ showCounter: true, over: false });
    expect(messageLength('a'.repeat(MESSAGE_MAX))).toMatchObject({
      showCounter: true,
      over: false,
      excess: 0,
    });
    expect(messageLength('a'.repeat(MESSAGE_MAX + 7))).toMatchObject({ over: true, excess: 7 });
  });

  it('counts the message as it is sent, without surrounding white space', () => {
    expect(messageLength(`  ${'a'.repeat(MESSAGE_MAX)}\n\n`)).toMatchObject({
      length: MESSAGE_MAX,
      over: false,
    });
  });
});

describe('messageTooLong', () => {
  it('names the limit the api and the composer enforce', () => {
    expect(messageTooLong).toBe(`Messages are limited to ${MESSAGE_MAX.toLocaleString('en-US')} characters`);
  });
});
