import { describe, expect, it } from 'vitest';
import { readStoredText, STORED_TEXTS, storedText } from './storedTexts';

describe('stored texts', () => {
  it('finds the template and the values of every text made from one', () => {
    const values = {
      name: 'Claude',
      status: 502,
      detail: 'Bad gateway (upstream). Retry later',
      number: 3,
      count: 1200,
      max: 1000,
    };
    for (const template of Object.values(STORED_TEXTS)) {
      const used = Object.fromEntries(
        [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
          name!,
          String(values[name as keyof typeof values]),
        ]),
      );
      const text = storedText(template, used);
      expect(text).not.toMatch(/\{\w+\}/);
      expect(readStoredText(text), text).toEqual({ template, values: used });
    }
  });

  it('writes the texts the api has always written', () => {
    expect(storedText(STORED_TEXTS.providerFailed, { name: 'Grok', status: 500 })).toBe(
      'Grok failed to answer (provider error 500). Please try again.',
    );
    expect(
      storedText(STORED_TEXTS.videoServiceFailedStatusDetail, { status: 400, detail: 'Prompt too long' }),
    ).toBe('The video service failed (HTTP 400): Prompt too long. Please try again.');
  });

  it("leaves any other text alone: a provider's own words, or a template's text with more around it", () => {
    expect(readStoredText('Your prompt was flagged by the provider.')).toBeNull();
    expect(readStoredText(`Note: ${STORED_TEXTS.answerInterrupted}`)).toBeNull();
    expect(readStoredText('')).toBeNull();
  });
});
