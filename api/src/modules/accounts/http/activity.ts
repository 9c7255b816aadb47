import type { MikroORM } from '@mikro-orm/postgresql';
import type { RequestHandler } from 'express';
import { logger } from '../../../platform/logger.ts';
import { touchLastActive } from '../core/service.ts';
import { TOUCH_SESSION_SQL } from '../flows/sessionList.ts';

const TOUCH_EVERY_MS = 60_000;

/**
 * Refreshes the signed-in user's lastActive. Remembering the last touch per user in memory keeps
 * this off the database for all but one request a minute.
 */
export function accountActivity(orm: MikroORM): RequestHandler {
  const lastTouch = new Map<string, number>();
  const lastSessionTouch = new Map<string, number>();
  return (req, res, next) => {
    const userId = req.session?.userId;
    // After the answer has gone: the touches are not what the request waits for, and a prompt
    // sent after a while would otherwise share the database with two UPDATEs of its own.
    const sid = req.sessionID;
    if (userId && due(userId, sid, Date.now())) res.once('finish', () => touch(userId, sid));
    next();
  };

  function due(userId: string, sid: string, now: number): boolean {
    return (
      now - (lastSessionTouch.get(sid) ?? 0) > TOUCH_EVERY_MS ||
      now - (lastTouch.get(userId) ?? 0) > TOUCH_EVERY_MS
    );
  }

  function touch(userId: string, sid: string): void {
    const now = Date.now();
    // The sessions list's "last active", per session, at most once a minute each.
    if (now - (lastSessionTouch.get(sid) ?? 0) > TOUCH_EVERY_MS) {
      lastSessionTouch.set(sid, now);
      if (lastSessionTouch.size > 50_000) lastSessionTouch.clear();
      orm.em
        .fork()
        .execute(TOUCH_SESSION_SQL, [sid])
        .catch((err) => logger.warn({ err }, 'session lastActiveAt update failed'));
    }
    if (now - (lastTouch.get(userId) ?? 0) > TOUCH_EVERY_MS) {
      lastTouch.set(userId, now);
      if (lastTouch.size > 50_000) lastTouch.clear();
      touchLastActive(orm.em.fork(), userId).catch((err) => logger.warn({ err }, 'lastActive update failed'));
    }
  }
}
