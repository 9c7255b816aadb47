import type { EntityManager } from '@mikro-orm/postgresql';
import type { Assistant } from './catalogue.ts';
import { withoutAddressing } from './customAssistant.ts';
import { Message } from './Message.ts';
import type { ChatTurn } from './models.ts';
import { type ChatMode, modePrompts } from './prompts.ts';
import { historyBefore } from './tree.ts';

/** Roughly 4 characters a token: enough to keep the prompt inside a budget without a tokenizer. */
const approxTokens = (s: string) => Math.ceil(s.length / 4);

/** The prompt always gets at least this much room, even when the system prompt takes the budget. */
const MIN_PROMPT_TOKENS = 256;

/**
 * A prompt cut down to about `tokens`: its beginning and its end, which is where people put what
 * they ask ("Summarise this: ..." or "... What does this mean?"), with a marker where text was left out.
 */
export function trimToTokens(text: string, tokens: number): string {
  const max = tokens * 4;
  if (text.length <= max) return text;
  const marker = `\n\n[... ${text.length - max} characters left out to fit the model's context ...]\n\n`;
  const keep = Math.max(0, max - marker.length);
  const head = Math.ceil(keep / 2);
  return `${text.slice(0, head)}${marker}${text.slice(text.length - (keep - head))}`;
}

/** The turns of a chat an answer continues: the messages before it, newest first, at most HISTORY_LIMIT. */
export const HISTORY_LIMIT = 60;

export interface TurnOptions {
  assistant: Assistant;
  systemPrompt: string;
  mode: ChatMode | null;
  budgetTokens: number;
  extraSystem?: string[];
  /** Turns storage keys of attached images into URLs the provider can fetch (data URLs). */
  imageUrls?: (keys: string[]) => Promise<string[]>;
}

/**
 * What the model sees for an answer: its system prompt (plus the chat's mode), then the latest
 * turns of its path in the chat (tree.ts) that fit the token budget, oldest first, ending with the prompt being
 * answered. Commands are stripped from user turns; failed or empty answers are left out.
 */
export async function buildTurns(
  em: EntityManager,
  options: TurnOptions & { chatId: string; answerId: string },
): Promise<ChatTurn[]> {
  const answer = await em.findOneOrFail(Message, { id: options.answerId });
  // The turns on the answer's own path: versions on other branches are not part of its conversation.
  const history = await historyBefore(em, answer, HISTORY_LIMIT);
  return turnsFrom(history, options);
}

/** The same from the messages before the answer on its path, already loaded (newest first). */
export async function turnsFrom(history: Message[], options: TurnOptions): Promise<ChatTurn[]> {
  const system = [
    options.systemPrompt,
    options.mode ? modePrompts[options.mode] : '',
    ...(options.extraSystem ?? []),
  ]
    .filter(Boolean)
    .join('\n\n');
  let budget = options.budgetTokens - approxTokens(system);
  const turns: ChatTurn[] = [];
  for (const m of history) {
    if (m.role === 'assistant' && (m.status === 'error' || !m.content)) continue;
    // All of them: a compare's prompt names several assistants (`@claude @gemini why…`).
    // A prompt to a custom assistant may start with @handles too (customAssistant.ts).
    let content = m.role === 'user' ? withoutAddressing(m.content, !!m.customAssistantId) : m.content;
    if (turns.length === 0) {
      // The newest turn (the prompt being answered) always goes in, trimmed if it must be.
      content = trimToTokens(content, Math.max(budget, MIN_PROMPT_TOKENS));
    } else if (approxTokens(content) > budget) break;
    budget -= approxTokens(content);
    // Only the prompt being answered carries its images: older ones would resend megabytes each turn.
    const isPrompt = turns.length === 0 && m.role === 'user';
    const images =
      isPrompt && m.images.length && options.imageUrls ? await options.imageUrls(m.images) : undefined;
    turns.push({ role: m.role, content, ...(images ? { images } : {}) });
  }
  return [{ role: 'system', content: system }, ...turns.reverse()];
}
