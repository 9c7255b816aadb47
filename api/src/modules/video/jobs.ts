import { z } from 'zod';
import { defineJobs } from '../jobs/payloads.ts';

/** The video module's background jobs: each one's payload, parsed where it is queued and where it runs. */
export const videoJobs = defineJobs({
  /** Render a queued video job with the configured provider (job key `video:<id>`: never twice at once). */
  generate_video: z.object({ jobId: z.string().uuid() }),
  /** Every 10 minutes (cron): rewrite the community gallery's trending scores (core/trending.ts). */
  compute_trending: z.object({}).passthrough(),
});

declare module '../jobs/payloads.ts' {
  interface JobPayloadSchemas {
    generate_video: (typeof videoJobs)['generate_video'];
    compute_trending: (typeof videoJobs)['compute_trending'];
  }
}
