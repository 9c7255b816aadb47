import { z } from 'zod';

/**
 * Every background job's payload, in one place: the code that adds a job and the worker task
 * that runs it parse the same schema.
 */
export const jobPayloads = {
  /** Read a finished exchange and remember the durable facts the user stated. */
  distil_memories: z.object({ userId: z.string().uuid(), answerId: z.string().uuid() }),
  /** Render a queued video job with the configured provider (job key `video:<id>`: never twice at once). */
  generate_video: z.object({ jobId: z.string().uuid() }),
  /**
   * Every minute (cron): end the answers whose writing api process is gone. `staleAfterMs` overrides
   * the worker's AI_ANSWER_STALE_AFTER_MS for one run (e.g. right after a known crash).
   */
  end_interrupted_answers: z.object({ staleAfterMs: z.number().int().min(1_000).optional() }).passthrough(),
  /** Housekeeping (hourly cron): expired sessions and rate-limit counters. */
  prune_expired: z.object({}).passthrough(),
  /**
   * Hourly (cron): delete stored uploads, images and import files no row names, older than
   * ORPHAN_SWEEP_GRACE_MINUTES (`graceMinutes` overrides it for one run).
   */
  sweep_orphaned_objects: z.object({ graceMinutes: z.number().int().min(0).optional() }).passthrough(),
  /** Send one queued email or SMS of the outbox (invitations) by its transport. */
  deliver_outbox_message: z.object({ outboxId: z.string().uuid() }),
  /** Build one "export my data" zip (job key `export:<id>`); `publicUrl` is for the announcing e-mail. */
  export_account: z.object({ exportId: z.string().uuid(), publicUrl: z.string().url() }),
  /** Read one uploaded chat archive into chats, all or nothing (job key `import:<id>`). */
  import_chats: z.object({ importId: z.string().uuid() }),
} as const;

export type JobName = keyof typeof jobPayloads;
export type JobPayload<N extends JobName> = z.infer<(typeof jobPayloads)[N]>;
