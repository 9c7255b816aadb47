import { type AppError, badInput, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { AnswerStatus } from './answerEvents.ts';
import { type Assistant, defaultAssistant, findAssistant, parseCommand } from './catalogue.ts';
import type { ProviderProfile } from './models.ts';
import type { MeteredFeature } from './PlanLimit.ts';
import { DEFAULT_TITLE, titleFromMessage } from './title.ts';

/**
 * The decisions of a send (send.ts) and of a regenerated answer (regenerate.ts) that need no
 * database: what a prompt says, which assistant answers it, what it counts against and the title
 * it gives its chat. Unit-tested in sendRules.test.ts.
 */

/**
 * A prompt as typed, checked: its text without surrounding white space and the assistant a leading
 * @command names (catalogue.ts parseCommand). `requested` is the assistant picked in the UI.
 * @video opens the video generator instead of answering in the chat, and a bare @command says nothing.
 */
export function checkPrompt(
  content: string,
  requested: string | undefined,
): { text: string; commanded: Assistant | undefined } {
  const text = content.trim();
  if (!text) throw badInput(msg('Message cannot be empty'));
  const { assistant: commanded, rest } = parseCommand(text);
  if (commanded?.kind === 'video' || (!commanded && requested === 'video')) {
    throw badInput(msg('@video opens the video generator; it does not answer in the chat'));
  }
  if (commanded && !rest)
    throw textError('BAD_USER_INPUT', msg('Add a message after {command}'), { command: commanded.command });
  return { text, commanded };
}

/**
 * The assistant a prompt addresses: its @command, else the one picked in the UI, else the chat's
 * current one, else the catalogue's default (an id no longer in the catalogue is passed over).
 */
export function addressedAssistant(
  commanded: Assistant | undefined,
  requested: string | null | undefined,
  active: string | null | undefined,
): Assistant {
  return commanded ?? findAssistant(requested) ?? findAssistant(active) ?? defaultAssistant;
}

/**
 * Why this assistant can't take a prompt's images, or null when it can: only chat assistants take
 * images, and one whose model is configured without vision can't see them. An assistant without a
 * key answers offline and takes them. `profile` is read only for a chat assistant.
 */
export function imageRefusal(
  assistant: Assistant,
  profile: () => ProviderProfile | undefined,
): AppError | null {
  if (assistant.kind !== 'chat')
    return textError('BAD_USER_INPUT', msg("{name} can't take images; attach them for a chat assistant"), {
      name: assistant.name,
    });
  const configured = profile();
  if (configured?.apiKey && !configured.vision) {
    return textError(
      'BAD_USER_INPUT',
      msg("{name} can't see images. Switch to an assistant that can, such as GPT or Gemini."),
      { name: assistant.name },
    );
  }
  return null;
}

/** What an answer by this assistant counts against: a picture, or a prompt. */
export const usedFeature = (assistant: Assistant): MeteredFeature =>
  assistant.kind === 'image' ? 'image_generation' : 'prompts';

/** What a prompt counts against: its assistant's feature, and image analysis when it has images. */
export function countedFeatures(assistant: Assistant, imageCount: number): MeteredFeature[] {
  return [usedFeature(assistant), ...(imageCount > 0 ? ['image_analysis' as const] : [])];
}

/**
 * The chat's title once this prompt is sent: a chat still called "New Chat", or whose path starts
 * with this prompt (`startsPath`: nothing before it, and not an edit of an earlier prompt), is
 * titled after the prompt (title.ts); otherwise, and when the prompt leaves no title, it keeps its own.
 */
export function titleAfterPrompt(title: string, text: string, startsPath: boolean): string {
  if (title !== DEFAULT_TITLE && !startsPath) return title;
  return titleFromMessage(text) ?? title;
}

/**
 * Whether writing an answer again counts as a new prompt: another version of an answer the user
 * got (whole, or cut short by their own Stop) does; the retry of one that failed is free.
 */
export const regenerationIsCharged = (status: AnswerStatus): boolean =>
  status === 'complete' || status === 'stopped';
