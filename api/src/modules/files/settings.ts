import { z } from 'zod';

/**
 * The files module's (the worker's orphan sweep reads them) settings, declared in its module.ts (`settings`): api/src/config.ts validates them with
 * everyone's at start-up, and the module reads them typed with readSettings (platform/config.ts).
 * `.env.example` documents each.
 */
export const filesSettings = {
  /** Stored objects with no file or import row older than this are swept (an upload cut short by a crash). */
  ORPHAN_SWEEP_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60),
};
