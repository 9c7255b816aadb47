import { describe, expect, it } from 'vitest';
import { accountMessages, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './accountRules.ts';

describe('account messages', () => {
  it('name the limits the api and the forms enforce', () => {
    expect(accountMessages.usernameShort).toBe(`Username must be at least ${USERNAME_MIN} characters long`);
    expect(accountMessages.usernameLong).toBe(`Username must be at most ${USERNAME_MAX} characters long`);
    expect(accountMessages.passwordShort).toBe(`Password must be at least ${PASSWORD_MIN} characters long`);
    expect(accountMessages.passwordLong).toBe(`Password must be at most ${PASSWORD_MAX} characters long`);
  });
});
