/*
 * Texts the api stores with what they describe (an answer's or a video's error, an import's
 * failure). They are written once, often by the worker, before any reader's language is known, so
 * they are kept in English: what API clients and webhooks read. A reader's screen translates them
 * (web/src/lib/storedText.ts) by finding the template a stored text was made from and the values in
 * it. A stored text that matches none (a provider's own words) is shown as it was written.
 */

/** Marks a text for the catalogues (scripts/lib/i18nMessages.ts finds it). */
const msg = (text: string) => text;

export const STORED_TEXTS = {
  answerInterrupted: msg('The answer was interrupted. Please try again.'),
  answerFailed: msg('The answer failed unexpectedly. Please try again.'),
  answerAtLengthLimit: msg("This answer reached the model's length limit, so it may end abruptly."),
  answerStoppedSending: msg('{name} stopped sending its answer. Please try again.'),
  answerEmpty: msg('{name} sent an empty answer. Please try again.'),
  answerFiltered: msg("{name}'s content filter stopped this answer."),
  answerCutOff: msg("{name}'s answer was cut off. Please try again."),
  imageNotDownloaded: msg('{name} returned an image that could not be downloaded'),
  imageMissing: msg('{name} returned no image'),
  providerTooSlow: msg('{name} took too long to answer. Please try again.'),
  providerUnreachable: msg('Could not reach {name}. Please try again.'),
  providerBusy: msg('{name} is busy right now (rate limited). Please try again in a moment.'),
  providerKeyRejected: msg('{name} rejected the configured API key.'),
  providerFailed: msg('{name} failed to answer (provider error {status}). Please try again.'),
  providerFailedNoStatus: msg('{name} failed to answer (provider error). Please try again.'),
  providerStoppedAnswering: msg('{name} stopped answering unexpectedly. Please try again.'),
  videoTooSlow: msg('The video service did not answer in time. Please try again.'),
  videoBusy: msg('The video service is busy right now. Please try again in a few minutes.'),
  videoServiceFailed: msg('The video service failed. Please try again.'),
  videoServiceFailedStatus: msg('The video service failed (HTTP {status}). Please try again.'),
  videoServiceFailedDetail: msg('The video service failed: {detail}. Please try again.'),
  videoServiceFailedStatusDetail: msg(
    'The video service failed (HTTP {status}): {detail}. Please try again.',
  ),
  videoFailed: msg('An error occurred while generating your video'),
  importTooManyMessages: msg(
    'Conversation {number} has {count} messages; a chat can import at most {max}. Nothing was imported.',
  ),
} as const;

export type StoredTextValues = Record<string, string | number>;

/** A stored text from its template: the placeholders replaced by the values, as written. */
export function storedText(template: string, values: StoredTextValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as a pattern that finds its values in a stored text. */
const PATTERNS = Object.values(STORED_TEXTS).map((template) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return '([\\s\\S]+?)';
    })
    .join('');
  return { template, names, pattern: new RegExp(`^${source}$`) };
});

/** The template a stored text was made from, with its values; null for any other text. */
export function readStoredText(text: string): { template: string; values: StoredTextValues } | null {
  for (const { template, names, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return { template, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
}
