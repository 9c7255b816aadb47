import { z } from 'zod';
import { defineJobs } from '../jobs/payloads.ts';

/** The knowledge module's background jobs: each one's payload, parsed where it is queued and where it runs. */
export const knowledgeJobs = defineJobs({
  /** Reads one file of My Files into passages (queued on upload and by reindex; key `index_file:<id>`). */
  index_file: z.object({ fileId: z.string().uuid() }).passthrough(),
  /** Every 5 minutes (cron): queues the files no job reads yet (those stored before this module, or whose queueing was lost). */
  index_waiting_files: z.object({}).passthrough(),
});

declare module '../jobs/payloads.ts' {
  interface JobPayloadSchemas {
    index_file: (typeof knowledgeJobs)['index_file'];
    index_waiting_files: (typeof knowledgeJobs)['index_waiting_files'];
  }
}
