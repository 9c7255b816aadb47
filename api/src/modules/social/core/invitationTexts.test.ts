import { describe, expect, it } from 'vitest';
import { invitationEmail, invitationSms } from './invitationTexts.ts';

describe('invitation texts', () => {
  it('keep their English words exactly', () => {
    expect(invitationEmail('en', 'Ada', 'https://x/invite/t').text).toBe(
      "Hi!\n\nAda invited you to join them on Chorus: chat with GPT, Claude, Grok, Gemini and more in one place, and turn ideas into short videos.\n\nAccept the invitation: https://x/invite/t\n\nYou'll be friends on Chorus as soon as you sign up. The link works for 14 days.",
    );
    expect(invitationSms('en', 'Ada', 'L')).toBe('Ada invited you to Chorus: L');
  });

  it("are written in the inviter's language, the name escaped in HTML", () => {
    const mail = invitationEmail('fr', '<Ada & Bo>', 'https://x/invite/t');
    expect(mail.subject).toBe('<Ada & Bo> vous invite sur Chorus');
    expect(mail.html).toContain(
      '<strong>&lt;Ada &amp; Bo&gt;</strong> vous invite à le rejoindre sur Chorus',
    );
    expect(mail.html).toContain('<html lang="fr">');
  });
});
