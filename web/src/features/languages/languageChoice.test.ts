import { describe, expect, it } from 'vitest';
import { languageFor } from './followLanguage';

describe('languageFor', () => {
  it('shows a prefixed page in its language, whatever was chosen', () => {
    expect(languageFor('/de/pricing', 'ja', 'fr')).toBe('de');
    expect(languageFor('/pt-BR/', null, null)).toBe('pt-BR');
  });
  it("keeps public pages at English paths in English unless a language was chosen (the browser's only suggests)", () => {
    expect(languageFor('/pricing', null, 'fr')).toBe('en');
    expect(languageFor('/videos/a-cat-1', null, 'ja')).toBe('en');
    expect(languageFor('/pricing', 'ja', 'fr')).toBe('ja');
  });
  it("shows the app in the chosen language, else the browser's, else English", () => {
    expect(languageFor('/chat', 'de', 'fr')).toBe('de');
    expect(languageFor('/settings', null, 'fr')).toBe('fr');
    expect(languageFor('/login', null, null)).toBe('en');
  });
});
