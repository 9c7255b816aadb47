import { z } from 'zod';

/** The comments module's settings (validated with everyone's at start-up; .env.example documents each). */
export const commentsSettings = {
  /** Comments (and replies) one person may post per minute, across every api process. */
  COMMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
};
