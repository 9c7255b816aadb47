import { describe, expect, it } from 'vitest';
import { emailChangedNotice, resetEmail, verifyEmail } from '../modules/accounts/core/accountMail.ts';
import { invitationEmail, invitationSms } from '../modules/social/core/invitationTexts.ts';
import { messageIn, textError } from './errors.ts';
import { requestLanguage, translate } from './i18n.ts';

describe('the api in other languages', () => {
  it('picks the language of a request from its Accept-Language', () => {
    expect(requestLanguage('de-AT,de;q=0.9')).toBe('de');
    expect(requestLanguage('pt-PT')).toBe('pt-BR');
    expect(requestLanguage(undefined)).toBe('en');
    expect(requestLanguage('zh')).toBe('en');
  });

  it('keeps the English texts exactly as they were written', () => {
    const wait = (minutes: number) =>
      textError(
        'RATE_LIMITED',
        'Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
        { minutes },
      );
    expect(wait(1).message).toBe('Too many attempts. Please try again in 1 minute.');
    expect(wait(5).message).toBe('Too many attempts. Please try again in 5 minutes.');
    expect(messageIn('de', wait(5))).toBe('Zu viele Versuche. Bitte versuche es in 5 Minuten erneut.');
    expect(messageIn('ja', wait(1))).toBe('試行回数が多すぎます。1分後にもう一度お試しください。');
    expect(resetEmail('en', 'Ada', 'https://x/r?token=1', 30).text).toBe(
      "Hi Ada,\n\nSomeone (hopefully you) asked to reset the password of your Chorus account. Open this link within 30 minutes to choose a new one:\n\nhttps://x/r?token=1\n\nThe link works once. If you didn't ask for it, ignore this e-mail: your password stays as it is.\n",
    );
    expect(verifyEmail('en', 'Ada', 'L').subject).toBe('Confirm your e-mail address for Chorus');
    expect(emailChangedNotice('en', 'Ada', 'new@x.org', 'L', 48).text).toContain(
      "If it wasn't, open this link within 48 hours: it puts this address back",
    );
    expect(invitationEmail('en', 'Ada', 'https://x/invite/t').text).toBe(
      "Hi!\n\nAda invited you to join them on Chorus: chat with GPT, Claude, Grok, Gemini and more in one place, and turn ideas into short videos.\n\nAccept the invitation: https://x/invite/t\n\nYou'll be friends on Chorus as soon as you sign up. The link works for 14 days.",
    );
    expect(invitationSms('en', 'Ada', 'L')).toBe('Ada invited you to Chorus: L');
  });

  it('writes mails in the recipient’s language, escaping names in HTML', () => {
    const mail = invitationEmail('fr', '<Ada & Bo>', 'https://x/invite/t');
    expect(mail.subject).toBe('<Ada & Bo> vous invite sur Chorus');
    expect(mail.html).toContain(
      '<strong>&lt;Ada &amp; Bo&gt;</strong> vous invite à le rejoindre sur Chorus',
    );
    expect(mail.html).toContain('<html lang="fr">');
    expect(resetEmail('ja', 'Ada', 'L', 30).subject).toBe('Chorusのパスワードを再設定する');
    // A text the catalogues don't have stays as it is.
    expect(translate('de', 'Something only the api says')).toBe('Something only the api says');
  });
});
