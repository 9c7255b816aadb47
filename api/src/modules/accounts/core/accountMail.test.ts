import { describe, expect, it } from 'vitest';
import { emailChangedNotice, resetEmail, verifyEmail } from './accountMail.ts';

describe('account e-mails', () => {
  it('keep their English words exactly', () => {
    expect(resetEmail('en', 'Ada', 'https://x/r?token=1', 30).text).toBe(
      "Hi Ada,\n\nSomeone (hopefully you) asked to reset the password of your Chorus account. Open this link within 30 minutes to choose a new one:\n\nhttps://x/r?token=1\n\nThe link works once. If you didn't ask for it, ignore this e-mail: your password stays as it is.\n",
    );
    expect(verifyEmail('en', 'Ada', 'L').subject).toBe('Confirm your e-mail address for Chorus');
    expect(emailChangedNotice('en', 'Ada', 'new@x.org', 'L', 48).text).toContain(
      "If it wasn't, open this link within 48 hours: it puts this address back",
    );
  });

  it("are written in the account's language", () => {
    expect(resetEmail('ja', 'Ada', 'L', 30).subject).toBe('Chorusのパスワードを再設定する');
    expect(verifyEmail('de', 'Ada', 'L').text).toMatch(/^Hallo Ada,\n\nbitte bestätige/);
  });
});
