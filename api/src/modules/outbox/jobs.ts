import { z } from 'zod';
import { defineJobs } from '../jobs/payloads.ts';

/** The outbox's background jobs: each one's payload, parsed where it is queued and where it runs. */
export const outboxJobs = defineJobs({
  /** Send one queued email or SMS of the outbox (invitations) by its transport. */
  deliver_outbox_message: z.object({ outboxId: z.string().uuid() }),
});

declare module '../jobs/payloads.ts' {
  interface JobPayloadSchemas {
    deliver_outbox_message: (typeof outboxJobs)['deliver_outbox_message'];
  }
}
