import { z } from 'zod';
import { defineJobs } from '../jobs/payloads.ts';

/** The webhooks module's background jobs: each one's payload, parsed where it is queued and where it runs. */
export const webhookJobs = defineJobs({
  /** One attempt at delivering one webhook (the attempt number keeps a repeated job from sending twice). */
  deliver_webhook: z.object({ deliveryId: z.string().uuid(), attempt: z.number().int().min(1).max(20) }),
});

declare module '../jobs/payloads.ts' {
  interface JobPayloadSchemas {
    deliver_webhook: (typeof webhookJobs)['deliver_webhook'];
  }
}
