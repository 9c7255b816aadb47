import { plainCategory } from './categories.ts';
import { UNCATEGORISED } from './words.ts';

/** What an automatic check looks at: a video prompt before its render, a post before it is public. */
export type CheckedSubject = 'video_prompt' | 'post';

/** "it was flagged for violence", or, for a term of the word list with no category, what it is. */
function why(category: string | null): string {
  if (!category || category === UNCATEGORISED) return "it contains words that aren't allowed here";
  return `it was flagged for ${plainCategory(category)}`;
}

/** The plain words a refusal is explained with (the REST 400's message and the GraphQL error's). */
export function refusalMessage(subject: CheckedSubject, category: string | null): string {
  return subject === 'video_prompt'
    ? `This prompt can't be made into a video: ${why(category)}. Change it and try again.`
    : `This video can't be shared publicly: ${why(category)}. Change its title, description or tags and try again, or keep it private.`;
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
