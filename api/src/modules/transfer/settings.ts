import { z } from 'zod';

/**
 * The transfer module's (the worker reads IMPORT_MAX_MESSAGES_PER_CHAT too) settings, declared in its module.ts (`settings`): api/src/config.ts validates them with
 * everyone's at start-up, and the module reads them typed with readSettings (platform/config.ts).
 * `.env.example` documents each.
 */
export const transferSettings = {
  /** Imports a user may have queued or running at once. */
  IMPORTS_QUEUED_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  /** Messages one imported chat may have; a conversation with more fails the import saying so. */
  IMPORT_MAX_MESSAGES_PER_CHAT: z.coerce.number().int().min(1).max(1_000_000).default(50_000),
};
