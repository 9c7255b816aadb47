/** Commands removed from the front of a first message before it becomes the chat's title (spec §4). */
const TITLE_COMMANDS = /^@(grok|claude|gemini|gpt|perplexity|code)\b\s*/i;
export const TITLE_MAX = 40;
export const DEFAULT_TITLE = 'New Chat';

/**
 * The title a chat gets from its first message: without a leading command, first line only,
 * over 40 characters cut to 40 plus '...'. Null when nothing is left.
 */
export function titleFromMessage(text: string): string | null {
  const firstLine = text.trim().replace(TITLE_COMMANDS, '').split('\n')[0]!.trim();
  if (!firstLine) return null;
  return firstLine.length > TITLE_MAX ? `${firstLine.slice(0, TITLE_MAX)}...` : firstLine;
}
