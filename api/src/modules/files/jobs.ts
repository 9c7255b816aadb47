import { z } from 'zod';
import { defineJobs } from '../jobs/payloads.ts';

/** The files module's background jobs: each one's payload, parsed where it is queued and where it runs. */
export const filesJobs = defineJobs({
  /**
   * Hourly (cron): delete stored uploads, images and import files no row names, older than
   * ORPHAN_SWEEP_GRACE_MINUTES (`graceMinutes` overrides it for one run).
   */
  sweep_orphaned_objects: z.object({ graceMinutes: z.number().int().min(0).optional() }).passthrough(),
});

declare module '../jobs/payloads.ts' {
  interface JobPayloadSchemas {
    sweep_orphaned_objects: (typeof filesJobs)['sweep_orphaned_objects'];
  }
}
