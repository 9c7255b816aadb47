import { describe, expect, it } from 'vitest';
import { ContentChecks } from './checks.ts';
import type { ModerationProvider } from './provider.ts';
import { refusalMessage } from './refusals.ts';
import {
  blockedTermsIn,
  DEFAULT_BLOCKED_WORDS,
  normalise,
  parseBlockedWords,
  UNCATEGORISED,
  WordListModeration,
  wordsOf,
} from './words.ts';

const list = parseBlockedWords('violence/graphic:behead*, hate:sieg heil, rape, , sexual/minors:csam');
const found = (text: string) => blockedTermsIn(text, list).map((t) => t.term);

describe('the word list (words.ts)', () => {
  it('parses terms, categories and prefixes, skipping empty entries', () => {
    expect(list.map((t) => [t.term, t.category, t.prefix, t.words])).toEqual([
      ['behead*', 'violence/graphic', true, ['behead']],
      ['sieg heil', 'hate', false, ['sieg', 'heil']],
      ['rape', UNCATEGORISED, false, ['rape']],
      ['csam', 'sexual/minors', false, ['csam']],
    ]);
  });

  it('matches whole words only, whatever the case', () => {
    expect(found('A knight BEHEADS the dragon')).toEqual(['behead*']);
    expect(found('Rape!')).toEqual(['rape']);
    expect(found('grapes on a vine, drapes in the wind, a scraper')).toEqual([]);
    expect(found('CSAM')).toEqual(['csam']);
  });

  it('sees through accents, full-width and styled letters, and invisible joiners', () => {
    expect(normalise('Ráпé')).toBe('raпe');
    expect(found('rápe')).toEqual(['rape']);
    expect(found('ＲＡＰＥ')).toEqual(['rape']);
    expect(found('𝐛𝐞𝐡𝐞𝐚𝐝𝐢𝐧𝐠')).toEqual(['behead*']);
    expect(found('r\u200Bape and ra\u00ADpe')).toEqual(['rape']);
    expect(found('re\u0301pe')).toEqual([]);
  });

  it('sees through look-alike letters of other scripts (Cyrillic, Greek), alone or with full-width ones', () => {
    // Cyrillic а, е, р, с, ѕ, А, С, Ѕ, М; Greek Β, Ε, Η, Α, ο, ι; each looks like the Latin letter.
    expect(found('r\u0430pe')).toEqual(['rape']);
    expect(found('r\u0430\u0440\u0435')).toEqual(['rape']);
    expect(found('\u0421\u0405\u0410\u041C')).toEqual(['csam']);
    expect(found('\u0441\u0455\u0430m')).toEqual(['csam']);
    expect(found('\u0392\u0395\u0397\u0395\u0391DING')).toEqual(['behead*']);
    expect(found('sieg h\u0435il')).toEqual(['sieg heil']);
    expect(found('\uFF52\u0430\uFF50\uFF45')).toEqual(['rape']);
    expect(normalise('H\u03BFt p\u03B9zz\u0430')).toBe('hot pizza');
    expect(normalise('\u0131')).toBe('i');
  });

  it('leaves words of other scripts that only partly look Latin unmatched', () => {
    // Cyrillic п is not a Latin p; Russian and Greek words stay themselves where nothing looks alike.
    expect(found('Ра\u043F\u0435')).toEqual([]);
    expect(found('Привет, мир! Καλημέρα κόσμε')).toEqual([]);
    for (const word of wordsOf('Привет, мир! Καλημέρα κόσμε')) expect(word).not.toMatch(/^[a-z]+$/);
  });

  it('matches a phrase only as consecutive words, punctuation between them or not', () => {
    expect(found('they shout "Sieg-Heil" at the rally')).toEqual(['sieg heil']);
    expect(found('sieg... heil')).toEqual(['sieg heil']);
    expect(found('sieg the day, heil')).toEqual([]);
    expect(found('siegheil')).toEqual([]);
  });

  it('splits words on anything but letters and digits, in any script', () => {
    expect(wordsOf('Ça va? 東京-2024 naïve_café')).toEqual(['ca', 'va', '東京', '2024', 'naive', 'cafe']);
  });

  it('has a built-in list that refuses the obvious and leaves ordinary prompts alone', () => {
    const words = new WordListModeration(parseBlockedWords(DEFAULT_BLOCKED_WORDS));
    expect(words.checkNow('A graphic beheading in the town square')).toMatchObject({
      flagged: true,
      categories: ['violence/graphic'],
    });
    expect(words.checkNow('Hentai with a pipe bomb')).toMatchObject({
      flagged: true,
      categories: ['illicit/violent', 'sexual'],
    });
    for (const prompt of [
      'A red kite over green hills at sunset',
      'A cat wearing a tiny hat, 8 seconds',
      'Grapes ripening in Scunthorpe, time-lapse',
      'A porcupine crossing a road',
    ]) {
      expect(words.checkNow(prompt).flagged, prompt).toBe(false);
    }
  });
});

describe('the checks (checks.ts)', () => {
  const words = new WordListModeration(list);
  const remote = (check: ModerationProvider['check']): ModerationProvider => ({ name: 'fake-model', check });

  it('refuses by the word list without asking the remote checker', async () => {
    let asked = 0;
    const checks = new ContentChecks(
      words,
      remote(async () => {
        asked++;
        return { flagged: false, categories: [], reason: '' };
      }),
    );
    expect(await checks.decide('they behead him')).toEqual({
      allowed: false,
      category: 'violence/graphic',
      categories: ['violence/graphic'],
      reason: 'blocked words: behead*',
      provider: 'wordlist',
      fallback: false,
    });
    expect(asked).toBe(0);
  });

  it("takes the remote checker's answer, and the word list's when it fails", async () => {
    const flags = new ContentChecks(
      words,
      remote(async () => ({ flagged: true, categories: ['violence'], reason: 'fake-model flagged it' })),
    );
    expect(await flags.decide('a quiet street')).toMatchObject({
      allowed: false,
      category: 'violence',
      provider: 'fake-model',
    });
    const down = new ContentChecks(
      words,
      remote(async () => {
        throw new Error('HTTP 500');
      }),
    );
    expect(await down.decide('a quiet street')).toMatchObject({
      allowed: true,
      provider: 'wordlist',
      fallback: true,
      reason: 'fake-model failed (HTTP 500); no blocked words',
    });
  });

  it('explains a refusal in plain words', () => {
    expect(refusalMessage('video_prompt', 'violence')).toBe(
      "This prompt can't be made into a video: it was flagged for violence. Change it and try again.",
    );
    expect(refusalMessage('video_prompt', 'sexual/minors')).toContain(
      'flagged for sexual content involving minors',
    );
    expect(refusalMessage('video_prompt', UNCATEGORISED)).toContain(
      "it contains words that aren't allowed here",
    );
    expect(refusalMessage('post', 'hate')).toBe(
      "This video can't be shared publicly: it was flagged for hate. Change its title, description or tags and try again, or keep it private.",
    );
  });
});
