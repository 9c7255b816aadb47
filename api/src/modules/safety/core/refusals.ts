import { msg, translate } from '../../../platform/i18n.ts';
import { plainCategory } from './categories.ts';
import { UNCATEGORISED } from './words.ts';

/** What an automatic check looks at: a video prompt before its render, a post before it is public. */
export type CheckedSubject = 'video_prompt' | 'post';

/**
 * A category as a key of the refusal texts' `select` (their translations name it in their own
 * words); one outside the list is said in plain letters (`plain`), as categories.ts writes it.
 * Each branch keeps its "for": a one-word branch would read as a placeholder to the catalogue
 * check (scripts/lib/i18nMessages.ts placeholders()).
 */
const CATEGORY_KEYS: Readonly<Record<string, string>> = {
  'sexual content involving minors': 'sexualMinors',
  'graphic violence': 'graphicViolence',
  'self-harm': 'selfHarm',
  'hateful threats': 'hatefulThreats',
  hate: 'hate',
  threats: 'threats',
  'violent crime': 'violentCrime',
  violence: 'violence',
  'sexual content': 'sexual',
  harassment: 'harassment',
  'illegal activity': 'illegal',
};

/**
 * The refusal as a catalogue text with values (platform/errors.ts textError): the plain words it is
 * explained with, in the asker's language. A term of the word list with no category is what it is.
 */
export function refusalText(
  subject: CheckedSubject,
  category: string | null,
): { id: string; values: Record<string, unknown> } {
  const words = !category || category === UNCATEGORISED;
  const plain = words ? '' : plainCategory(category);
  const values = { category: CATEGORY_KEYS[plain] ?? 'other', plain };
  if (subject === 'video_prompt')
    return {
      id: words
        ? msg(
            "This prompt can't be made into a video: it contains words that aren't allowed here. Change it and try again.",
          )
        : msg(
            "This prompt can't be made into a video: it was flagged {category, select, sexualMinors {for sexual content involving minors} graphicViolence {for graphic violence} selfHarm {for self-harm} hatefulThreats {for hateful threats} hate {for hate} threats {for threats} violentCrime {for violent crime} violence {for violence} sexual {for sexual content} harassment {for harassment} illegal {for illegal activity} other {for {plain}}}. Change it and try again.",
          ),
      values,
    };
  return {
    id: words
      ? msg(
          "This video can't be shared publicly: it contains words that aren't allowed here. Change its title, description or tags and try again, or keep it private.",
        )
      : msg(
          "This video can't be shared publicly: it was flagged {category, select, sexualMinors {for sexual content involving minors} graphicViolence {for graphic violence} selfHarm {for self-harm} hatefulThreats {for hateful threats} hate {for hate} threats {for threats} violentCrime {for violent crime} violence {for violence} sexual {for sexual content} harassment {for harassment} illegal {for illegal activity} other {for {plain}}}. Change its title, description or tags and try again, or keep it private.",
        ),
    values,
  };
}

/** The plain words a refusal is explained with, in English (the REST 400's message and the GraphQL error's). */
export function refusalMessage(subject: CheckedSubject, category: string | null): string {
  const { id, values } = refusalText(subject, category);
  return translate('en', id, values);
}

/**
 * What a job refused by the video service itself (its own safety filters) tells its owner; the
 * provider's words follow, cut short, since they sometimes carry a support code worth quoting.
 */
export function providerRefusalMessage(providerReason: string): string {
  const said = providerReason.replace(/\s+/g, ' ').trim().slice(0, 200);
  return `This prompt can't be made into a video: the video service refused it under its safety rules${
    said ? ` ("${said}")` : ''
  }. Change it and try again. It was not counted against your plan.`;
}
