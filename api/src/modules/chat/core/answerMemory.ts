import type { MikroORM } from '@mikro-orm/postgresql';
import type { PubSub } from '../../../platform/pubsub.ts';
import { defaultSettings, getSettings } from '../../accounts/core/service.ts';
import { memoryPrompt } from './answerRules.ts';
import { MemoryOutlines } from './memory/outlines.ts';
import { memoriesForPrompt } from './memory/service.ts';
import { promptOf } from './reads.ts';

/** Whether the user has memory on, and what the assistant is told about them for one prompt. */
export interface Memory {
  enabled: boolean;
  prompt: string[];
}

/**
 * How long an answer waits for the user's memories before asking the provider without them, unless
 * AI_MEMORY_BUDGET_MS says otherwise (api/src/platform/config.ts).
 */
export const MEMORY_BUDGET_MS = 25;

/**
 * What an answer knows about its user from earlier chats (memory/), and whether to learn from it.
 * Most users have memory off or nothing remembered: their outline (memory/outlines.ts) answers
 * without a database round trip.
 */
export class AnswerMemory {
  private readonly outlines: MemoryOutlines;

  constructor(
    private readonly orm: MikroORM,
    pubsub: PubSub,
  ) {
    this.outlines = new MemoryOutlines(pubsub);
  }

  /**
   * Whether the user has memory on and, if so, what the assistant should know about them from
   * earlier chats for this prompt (`prompt`, else the one the answer replies to).
   */
  async lookUp(userId: string, prompt: string | null, chatId?: string, answerId?: string): Promise<Memory> {
    const nothing = this.outlines.nothingToLookUp(userId);
    if (nothing) return { enabled: nothing.enabled, prompt: [] };
    const em = this.orm.em.fork();
    const text = prompt ?? (await promptOf(em, chatId!, answerId!))?.content ?? '';
    const { enabled, facts } = await this.outlines.lookUp(userId, () =>
      memoriesForPrompt(em, userId, text, defaultSettings.memoryEnabled),
    );
    return { enabled, prompt: memoryPrompt(facts) };
  }

  /**
   * Whether to learn from a finished answer: known by now even when the memories missed their
   * budget (`memory` null; the provider was not kept waiting for `lookup`), else the user's setting.
   */
  async isOn(userId: string, memory: Memory | null, lookup?: Promise<Memory>): Promise<boolean> {
    return (
      memory?.enabled ??
      (await lookup?.catch(() => null))?.enabled ??
      (await getSettings(this.orm.em.fork(), userId).then(
        (s) => s.memoryEnabled,
        () => false,
      ))
    );
  }
}
