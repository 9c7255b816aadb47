import { z } from 'zod';
import { defineJobs } from '../jobs/payloads.ts';

/** The push module's background jobs: each one's payload, parsed where it is queued and where it runs. */
export const pushJobs = defineJobs({
  /**
   * Push one notification to its person's browsers, if they have no Chorus tab open then. Keyed by
   * the notification, so a conversation's burst of messages (one row counted up) is one push.
   */
  send_push: z.object({ notificationId: z.string().uuid() }),
});

declare module '../jobs/payloads.ts' {
  interface JobPayloadSchemas {
    send_push: (typeof pushJobs)['send_push'];
  }
}
