import { z } from 'zod';
import { defineJobs } from '../jobs/payloads.ts';

/** The chat module's background jobs: each one's payload, parsed where it is queued and where it runs. */
export const chatJobs = defineJobs({
  /** Read a finished exchange and remember the durable facts the user stated. */
  distil_memories: z.object({ userId: z.string().uuid(), answerId: z.string().uuid() }),
  /**
   * Every minute (cron): end the answers whose writing api process is gone. `staleAfterMs` overrides
   * the worker's AI_ANSWER_STALE_AFTER_MS for one run (e.g. right after a known crash).
   */
  end_interrupted_answers: z.object({ staleAfterMs: z.number().int().min(1_000).optional() }).passthrough(),
});

declare module '../jobs/payloads.ts' {
  interface JobPayloadSchemas {
    distil_memories: (typeof chatJobs)['distil_memories'];
    end_interrupted_answers: (typeof chatJobs)['end_interrupted_answers'];
  }
}
