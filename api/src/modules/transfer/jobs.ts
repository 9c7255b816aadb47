import { z } from 'zod';
import { defineJobs } from '../jobs/payloads.ts';

/** The transfer module's background jobs: each one's payload, parsed where it is queued and where it runs. */
export const transferJobs = defineJobs({
  /** Read one uploaded chat archive into chats, all or nothing (job key `import:<id>`). */
  import_chats: z.object({ importId: z.string().uuid() }),
});

declare module '../jobs/payloads.ts' {
  interface JobPayloadSchemas {
    import_chats: (typeof transferJobs)['import_chats'];
  }
}
