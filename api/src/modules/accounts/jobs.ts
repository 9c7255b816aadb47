import { z } from 'zod';
import { defineJobs } from '../jobs/payloads.ts';

/** The accounts module's background jobs: each one's payload, parsed where it is queued and where it runs. */
export const accountsJobs = defineJobs({
  /** Build one "export my data" zip (job key `export:<id>`); `publicUrl` is for the announcing e-mail. */
  export_account: z.object({ exportId: z.string().uuid(), publicUrl: z.string().url() }),
});

declare module '../jobs/payloads.ts' {
  interface JobPayloadSchemas {
    export_account: (typeof accountsJobs)['export_account'];
  }
}
