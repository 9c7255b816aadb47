import { parseCommand } from './catalogue.ts';

export const TITLE_MAX = 40;
export const DEFAULT_TITLE = 'New Chat';

/**
 * The title a chat gets from its first message: without a leading assistant command (any of the
 * catalogue's: the spec lists six, but "@image a blue bird" titled "@image a blue bird" read as a
 * bug), first line only, over 40 characters cut to 40 plus '...'. Null when nothing is left.
 */
export function titleFromMessage(text: string): string | null {
  const firstLine = parseCommand(text.trim()).rest.split('\n')[0]!.trim();
  if (!firstLine) return null;
  return firstLine.length > TITLE_MAX ? `${firstLine.slice(0, TITLE_MAX)}...` : firstLine;
}
