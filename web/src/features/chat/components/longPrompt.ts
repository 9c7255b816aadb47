/**
 * A long prompt (a pasted document, a log) is shown collapsed to its first lines with "Show more",
 * so one message does not push the conversation off the screen.
 */
export const COLLAPSED_LINES = 12;
export const COLLAPSE_FROM_CHARS = 1_200;

/** More lines than the collapsed view shows, or more text than fits it on a wide screen. */
export function isLongPrompt(text: string): boolean {
  if (text.length > COLLAPSE_FROM_CHARS) return true;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    lines += 1;
    if (lines > COLLAPSED_LINES) return true;
  }
  return false;
}

/**
 * The prompts a user opened ("Show more"), by message key: kept for the page's life, so a prompt stays
 * open when its bubble is drawn again (another chat and back, older messages loaded above it).
 */
const expanded = new Set<string>();

export const isExpanded = (key: string) => expanded.has(key);

export function setExpanded(key: string, open: boolean): void {
  if (open) expanded.add(key);
  else expanded.delete(key);
}
