import { setTimeout as sleep } from 'node:timers/promises';
import { type Assistant, findAssistant } from '../core/catalogue.ts';

/**
 * The answer an assistant gives when it has no API key: streamed like a real one, the same for the
 * same prompt, and honest about being offline. It says what the real assistant would do, so the
 * product is usable end to end (and testable) with no keys at all.
 */
export function offlineAnswer(assistant: Assistant, prompt: string): string {
  // Quoted up to 400 characters: a longer question gets a longer answer, as it would online (the
  // browser journeys stop a long one mid-way).
  const topic = prompt.replace(/\s+/g, ' ').trim().slice(0, 400) || 'your message';
  const would: Record<string, string> = {
    gpt: 'answer it directly, with examples where useful',
    claude: 'write a careful, well-structured answer and reason through the trade-offs',
    grok: 'give a direct answer with a bit of humour',
    gemini: 'answer it, and could also look at any image you attach',
    perplexity: 'research it and answer with sources',
    code: 'write the code in a fenced block and explain it',
    study: 'explain it step by step and finish with a question to check your understanding',
    image: 'draw a picture of it',
  };
  // A custom assistant answers through a built-in one's key, and would follow its maker's instructions.
  const keyFor = assistant.custom
    ? `${findAssistant(assistant.custom.model)?.name ?? assistant.custom.model} (behind ${assistant.name})`
    : assistant.name;
  const does = assistant.custom
    ? assistant.custom.instructions.trim()
      ? `follow its instructions ("${assistant.custom.instructions.replace(/\s+/g, ' ').trim().slice(0, 120)}")`
      : 'answer it in its own way'
    : (would[assistant.id] ?? 'answer it');
  return [
    `**Offline:** add an API key for ${keyFor} to get real answers.`,
    '',
    `You asked about: "${topic}".`,
    `With a key, ${assistant.name} would ${does}.`,
    'Everything else works the same: this reply was streamed, saved to your chat and counted like a real one.',
  ].join('\n');
}

/** Splits text into word-sized tokens (keeping whitespace) and yields them at a reading pace. */
export async function* streamText(
  text: string,
  delayMs: number,
  signal?: AbortSignal,
): AsyncIterable<string> {
  for (const token of text.match(/\s*\S+\s*/g) ?? []) {
    if (signal?.aborted) return;
    if (delayMs > 0) await sleep(delayMs, undefined, { signal }).catch(() => {});
    if (signal?.aborted) return;
    yield token;
  }
}
