import { readSettings } from '../../../platform/config.ts';
import type { PgPool } from '../../../platform/pg.ts';
import { PerUserLimit, secondsOf } from '../../../platform/userLimit.ts';
import { commentsSettings } from '../settings.ts';

/**
 * How many comments a person may post a minute (COMMENTS_PER_MINUTE), shared by every api process
 * and exact under parallel posts (platform/userLimit.ts).
 */
export class CommentLimiter extends PerUserLimit {
  constructor(config: { COMMENTS_PER_MINUTE: number }, pool: PgPool) {
    super(
      pool,
      { keyPrefix: 'comment_post', points: config.COMMENTS_PER_MINUTE, durationSeconds: 60 },
      (ms) => `You're commenting too fast. Please wait ${secondsOf(ms)} seconds and try again.`,
    );
  }
}

const limiters = new WeakMap<object, CommentLimiter>();

/** One limiter per api process (its services object). */
export function commentLimiter(services: { config: object; pool: PgPool }): CommentLimiter {
  let limiter = limiters.get(services);
  if (!limiter) {
    limiter = new CommentLimiter(readSettings(commentsSettings, services.config), services.pool);
    limiters.set(services, limiter);
  }
  return limiter;
}
