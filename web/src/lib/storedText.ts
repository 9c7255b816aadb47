import { readStoredText } from '@chorus/shared/storedTexts';
import type { Translate } from './translator';

/**
 * A text the api stored in English (an answer's or a video's error, an import's failure:
 * packages/shared/src/storedTexts.ts) in the page's language; any other text (a provider's own words)
 * as it was written.
 */
export function storedText(t: Translate, text: string): string {
  const found = readStoredText(text);
  return found ? t(found.template, found.values) : text;
}
