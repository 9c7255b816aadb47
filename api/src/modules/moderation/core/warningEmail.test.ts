import { describe, expect, it } from 'vitest';
import { warningEmail } from './reports.ts';

const NOUNS = {
  post: 'video',
  user: 'profile',
  message: 'message',
  comment: 'comment',
  assistant: 'assistant',
};

describe('the warning mail', () => {
  it('reads in English as it always did, with or without a note (a note is never read as ICU)', () => {
    for (const [type, noun] of Object.entries(NOUNS))
      for (const note of [null, "Be nice: it's {not} a #placeholder"]) {
        const mail = warningEmail('en', 'bob', type as keyof typeof NOUNS, note);
        expect(mail).toEqual({
          subject: 'A warning about your content on Chorus',
          text: `Hi bob,\n\nPeople reported your ${noun} on Chorus, and a moderator reviewed it. This is a warning: please keep to the community rules.${note ? `\n\nThe moderator's note: ${note}` : ''}\n\nRepeated problems can lead to a suspension or a ban of your account.\n`,
        });
      }
  });

  it("is written in the account's language", () => {
    const de = warningEmail('de', 'bob', 'comment', 'Bitte freundlich bleiben');
    expect(de.subject).toBe('Eine Verwarnung wegen deiner Inhalte auf Chorus');
    expect(de.text).toContain('deinen Kommentar');
    expect(de.text).toContain('Bitte freundlich bleiben');
    expect(warningEmail('ja', 'bob', 'post', null).text).toContain('動画');
  });
});
