import { z } from 'zod';

/**
 * The shares module's settings, declared in its module.ts (`settings`): api/src/config.ts validates them with
 * everyone's at start-up, and the module reads them typed with readSettings (platform/config.ts).
 * `.env.example` documents each.
 */
export const sharesSettings = {
  /** "Continue this chat" copies a user may make per hour (each copies the chat's images). */
  SHARE_CONTINUES_PER_HOUR: z.coerce.number().int().min(1).default(30),
};
