import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, messageIn, textError } from './errors.ts';
import { requestLanguage, translate } from './i18n.ts';
import { parseInput, zodText } from './validation.ts';

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
  });

  it("leaves a text the catalogues don't have as it is", () => {
    // A text the catalogues don't have stays as it is.
    expect(translate('de', 'Something only the api says')).toBe('Something only the api says');
  });

  it("answers a zod message with values in the asker's language, and as written in English", () => {
    const schema = z.object({
      replies: z.number().max(30, zodText('This comment has reached {max} replies', { max: 30 })),
    });
    let refused: unknown;
    try {
      parseInput(schema, { replies: 31 });
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    const error = refused as AppError;
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.message).toBe('This comment has reached 30 replies');
    expect(error.details).toEqual({ field: 'replies' });
    expect(messageIn('de', error)).toBe('Dieser Kommentar hat 30 Antworten erreicht');
    expect(messageIn('en', error)).toBe('This comment has reached 30 replies');
  });
});
