import { z } from 'zod';

/**
 * The chat module's settings, declared in its module.ts (`settings`): api/src/config.ts validates them with
 * everyone's at start-up, and the module reads them typed with readSettings (platform/config.ts).
 * `.env.example` documents each.
 */
export const chatSettings = {
  /** Pause between tokens of the offline provider's answers (a reading pace). */
  AI_OFFLINE_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(12),
  /**
   * How often an api process saves the text so far of the answers it writes (which says it is
   * alive), and after how long without that an answer's writer is taken for gone.
   */
  AI_ANSWER_HEARTBEAT_MS: z.coerce.number().int().min(100).default(5_000),
  AI_ANSWER_STALE_AFTER_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** Roughly how many tokens of chat history go to the model with each prompt. */
  AI_HISTORY_BUDGET_TOKENS: z.coerce.number().int().min(500).default(6000),
  AI_MEMORY_BUDGET_MS: z.coerce.number().int().min(1).max(10_000).default(25),
};
