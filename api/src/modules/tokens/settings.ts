import { z } from 'zod';

/** The tokens module's settings (validated with everyone's at start-up; .env.example documents each). */
export const tokensSettings = {
  /** Requests one person may make a minute with their API tokens (all of them together). */
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
};
