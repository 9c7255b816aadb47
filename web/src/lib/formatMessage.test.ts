import { readMessages } from '@chorus/shared/messageCatalogues';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { type CompiledMessage, formatCompiled } from './formatMessage';

/** Lingui's own output for the same compiled message: the English path must draw exactly what it does. */
function lingui(text: string, values: Record<string, unknown>): string {
  const i18n = setupI18n({ locale: 'en', messages: { en: { m: compileMessage(text) } } });
  return i18n._('m', values);
}

describe('formatCompiled', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['Plain text', {}],
    ['Hi {name}!', { name: 'Ada' }],
    ['{count, plural, one {# chat} other {# chats}}', { count: 1 }],
    ['{count, plural, one {# chat} other {# chats}}', { count: 1234 }],
    ['{count, plural, =0 {No videos yet} one {One video} other {# videos}}', { count: 0 }],
    ['{count, plural, =0 {No videos yet} one {One video} other {# videos}}', { count: 7 }],
    ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 22 }],
    ['{kind, select, video {Your video} other {Your image}} by {name}', { kind: 'video', name: 'Bo' }],
    ['{kind, select, video {Your video} other {Your image}}', { kind: 'x' }],
    ["Don't lose {what}", { what: 'it' }],
    ['{a} of {b, plural, one {# file} other {# files}} ({size})', { a: 2, b: 3, size: '1 MB' }],
  ];
  it.each(cases)('draws %s as Lingui does', (text, values) => {
    expect(formatCompiled(compileMessage(text) as CompiledMessage, values, 'en')).toBe(lingui(text, values));
  });
});

describe('English texts of the catalogues', () => {
  /** Sample values for a text's placeholders: numbers for plural ones, words for the rest. */
  function samples(text: string): Record<string, unknown>[] {
    const plural = new Set([...text.matchAll(/\{\s*(\w+)\s*,\s*(?:plural|selectordinal)/g)].map((m) => m[1]));
    const names = new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1] as string));
    return [0, 1, 2, 5, 1234].map((n) =>
      Object.fromEntries([...names].map((name) => [name, plural.has(name) ? n : `«${name}»`])),
    );
  }

  it('are each drawn as Lingui draws them', () => {
    const texts = Object.keys(readMessages('en').messages);
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) {
      for (const values of samples(text)) {
        expect(formatCompiled(compileMessage(text) as CompiledMessage, values, 'en'), text).toBe(
          lingui(text, values),
        );
      }
    }
  });
});
