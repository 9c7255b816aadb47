import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  languageOfPath,
  matchLanguage,
  pathInLanguage,
  pathWithoutLanguage,
} from './languages';

describe('languages', () => {
  it('picks the closest shipped language from what a browser asks for', () => {
    expect(matchLanguage(acceptedLanguages('de-CH,de;q=0.9,en;q=0.8'))).toBe('de');
    expect(matchLanguage(acceptedLanguages('pt-PT,pt;q=0.9'))).toBe('pt-BR');
    expect(matchLanguage(acceptedLanguages('en;q=0.2, ja;q=0.9'))).toBe('ja');
    expect(matchLanguage(acceptedLanguages('zh-CN, ko;q=0.5'))).toBeNull();
    expect(matchLanguage(acceptedLanguages('fr;q=0, es'))).toBe('es');
    expect(matchLanguage(acceptedLanguages(undefined))).toBeNull();
    expect(matchLanguage(['EN-gb'])).toBe('en');
  });

  it('reads and writes the language prefix of public paths', () => {
    expect(languageOfPath('/es/pricing')).toBe('es');
    expect(languageOfPath('/pt-BR/')).toBe('pt-BR');
    expect(languageOfPath('/pricing')).toBe('en');
    expect(languageOfPath('/esp/x')).toBe('en');
    expect(pathWithoutLanguage('/ja/videos/a-b')).toBe('/videos/a-b');
    expect(pathWithoutLanguage('/fr')).toBe('/');
    expect(pathWithoutLanguage('/fr/')).toBe('/');
    expect(pathInLanguage('/', 'de')).toBe('/de/');
    expect(pathInLanguage('/pricing', 'en')).toBe('/pricing');
    expect(pathInLanguage('/community-videos', 'pt-BR')).toBe('/pt-BR/community-videos');
  });
});
