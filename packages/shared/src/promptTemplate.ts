/**
 * Saved prompts (api/src/modules/prompts, web/src/features/prompts): their limits, and the
 * `{{variable}}` placeholders a prompt is filled in through a small form before it goes into the
 * message box. Plain functions: the api validates with them, the web app fills with them.
 */
export const PROMPT_TITLE_MAX = 100;
export const PROMPT_BODY_MAX = 8_000;
/** How many prompts one person keeps. */
export const PROMPTS_MAX = 200;
/** How many placeholders one prompt may ask for. */
export const PROMPT_VARIABLES_MAX = 20;

/** `{{ name }}`: a letter, then letters, digits, spaces, `_` or `-`, up to 40 characters. */
const PLACEHOLDER = /\{\{\s*([\p{L}][\p{L}\p{N} _-]{0,39}?)\s*\}\}/gu;

/** The prompt's placeholders in the order they first appear, each once (case kept as written). */
export function promptVariables(body: string): string[] {
  const seen = new Set<string>();
  for (const match of body.matchAll(PLACEHOLDER)) {
    seen.add(match[1]!);
    if (seen.size >= PROMPT_VARIABLES_MAX) break;
  }
  return [...seen];
}

/**
 * The prompt with each placeholder replaced by its value; a placeholder without a value (or with
 * an empty one) stays as written, so nothing asked for is lost silently.
 */
export function fillPrompt(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value?.trim() ? value : whole;
  });
}
