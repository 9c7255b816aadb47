import { type Request, Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { anyone, signedIn } from '../../rest/adapter.ts';
import * as creators from './core/follows.ts';
import { publicProfile } from './core/publicPage.ts';

/** A page's query as the posts list reads it: `?cursor=` (or `after`) and `?limit=`. */
const pageQuery = (req: Request) => ({
  limit: req.query.limit,
  after: req.query.cursor ?? req.query.after,
});

/**
 * Creators' public profiles and following them: GET /api/users/{username} (anyone), its further videos
 * GET /api/users/{username}/videos?cursor= (a plain list, the next cursor in X-Next-Cursor as
 * GET /api/public/videos does), POST/DELETE /api/users/{username}/follow and the Following feed
 * GET /api/following/videos?cursor= (signed in).
 */
export function creatorRoutes(services: AppServices): Router {
  const r = Router();
  const username = (req: Request) => String(req.params.username);

  r.get(
    '/users/:username',
    anyone(services, ({ em, userId, req }) => publicProfile(em, username(req), userId)),
  );
  r.get(
    '/users/:username/videos',
    anyone(services, async ({ em, userId, req, res }) => {
      const { id } = await creators.creatorProfile(em, username(req), userId);
      const page = await creators.creatorVideos(em, id, pageQuery(req), userId);
      if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
      return page.posts;
    }),
  );
  // The community videos of the people the signed-in user follows (the gallery's Following tab).
  r.get(
    '/following/videos',
    signedIn(services, async ({ em, userId, req, res }) => {
      const page = await creators.followingVideos(em, userId, pageQuery(req));
      if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
      return page.posts;
    }),
  );
  r.post(
    '/users/:username/follow',
    signedIn(services, ({ em, userId, req }) => creators.follow(em, userId, username(req))),
  );
  r.delete(
    '/users/:username/follow',
    signedIn(services, ({ em, userId, req }) => creators.unfollow(em, userId, username(req))),
  );
  return r;
}
