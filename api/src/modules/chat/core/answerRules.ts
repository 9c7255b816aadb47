import { STORED_TEXTS } from '@chorus/shared/storedTexts';
import type { AnswerStatus } from './answerEvents.ts';
import { ProviderError } from './models.ts';

/**
 * The decisions of writing and ending an answer (answerStream.ts, imageAnswer.ts, finish.ts) that
 * need no database or provider. Unit-tested in answerRules.test.ts.
 */

/** Stored as the `error` of a complete answer that the model ended at its output limit. */
export const LENGTH_NOTE = STORED_TEXTS.answerAtLengthLimit;

/** What the user reads when an answer failed for a reason other than its provider's. */
export const UNEXPECTED_FAILURE = STORED_TEXTS.answerFailed;

/**
 * How an answer ends when writing it threw: `stopped` when the user stopped it (also a Stop pressed
 * before the provider answered: the same outcome as a Stop mid-answer), else an error the user
 * reads: the provider's own message (providers.ts), or a generic one for anything else, which is
 * `unexpected` (logged). The text written so far is kept either way.
 */
export function failureEnding(
  e: unknown,
  aborted: boolean,
): { status: 'stopped' } | { status: 'error'; error: string; unexpected: boolean } {
  if (aborted) return { status: 'stopped' };
  if (e instanceof ProviderError) return { status: 'error', error: e.message, unexpected: false };
  return { status: 'error', error: UNEXPECTED_FAILURE, unexpected: true };
}

/** The model's name as an answer keeps it: at most 100 characters (the column's size), or null. */
export const modelNameOf = (model: string | null): string | null => model?.slice(0, 100) ?? null;

/**
 * Whether the use counted for an answer is given back: only when it was `charged`, failed (and
 * that failure is the ending saved, not one written elsewhere first) and nothing was written.
 */
export function refundsUse(answer: {
  charged: boolean;
  status: AnswerStatus;
  savedStatus: AnswerStatus;
  text: string;
}): boolean {
  return answer.savedStatus === 'error' && answer.status === 'error' && !answer.text && answer.charged;
}

/** Whether an answer is learnt from (memory's distil_memories job): a complete one, with memory on. */
export const learnsFrom = (status: AnswerStatus, memoryOn: boolean): boolean =>
  status === 'complete' && memoryOn;

/** The system prompt that tells the assistant what is remembered about the user (none without facts). */
export function memoryPrompt(facts: string[]): string[] {
  if (facts.length === 0) return [];
  return [
    `What you remember about the user from earlier conversations (use it when relevant, don't recite it):\n${facts.map((f) => `- ${f}`).join('\n')}`,
  ];
}

/** The file a generated picture is stored as: named after its prompt, with its type's extension. */
export function generatedImageFile(prompt: string, contentType: string): { name: string; ext: string } {
  const ext = contentType.split('/')[1] ?? 'png';
  return { name: `${prompt.slice(0, 60) || 'image'}.${ext}`, ext };
}

/** An @image answer's text: the picture inline, its prompt (without brackets) as its alt text. */
export const imageMarkdown = (prompt: string, url: string): string =>
  `![${prompt.replace(/[[\]]/g, '')}](${url})`;
