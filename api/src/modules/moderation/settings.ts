import { z } from 'zod';

/** The moderation module's settings (validated with everyone's at start-up; .env.example documents each). */
export const moderationSettings = {
  /**
   * Usernames that are admins whatever their stored role: the first admin of a new install. Comma
   * separated, compared without case. An admin named here cannot be demoted from the console.
   */
  ADMIN_USERNAMES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * How many different people's open reports hide a video, profile or message until a moderator
   * reviews it (core/reports.ts).
   */
  REPORTS_AUTO_HIDE_AT: z.coerce.number().int().min(1).default(3),
};
