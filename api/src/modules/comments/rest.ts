import { type Request, Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { anyone, signedIn } from '../../rest/adapter.ts';
import * as comments from './core/comments.ts';
import { commentDepsOf, viewerOf } from './deps.ts';

/**
 * Comments on community videos: GET /api/posts/{id}/comments?cursor= (anyone: a plain list of
 * top-level comments with their replies, the next cursor in X-Next-Cursor as
 * GET /api/users/{username}/videos does, the count in X-Total-Count), POST to it (signed in: 201),
 * PATCH and DELETE /api/comments/{id}.
 */
export function commentRoutes(services: AppServices): Router {
  const r = Router();
  const id = (req: Request) => String(req.params.id);

  r.get(
    '/posts/:id/comments',
    anyone(services, async ({ em, userId, req, res }) => {
      const page = await comments.listComments(em, viewerOf(services, userId), id(req), {
        cursor: req.query.cursor ?? req.query.after,
      });
      if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
      res.setHeader('X-Total-Count', String(page.total));
      return page.comments;
    }),
  );
  r.post(
    '/posts/:id/comments',
    signedIn(services, async ({ em, userId, req, res }) => {
      const comment = await comments.addComment(em, commentDepsOf(services), userId, id(req), req.body);
      res.status(201);
      return comment;
    }),
  );
  r.patch(
    '/comments/:id',
    signedIn(services, ({ em, userId, req }) => comments.editComment(em, userId, id(req), req.body)),
  );
  r.delete(
    '/comments/:id',
    signedIn(services, async ({ em, userId, req }) => {
      await comments.deleteComment(em, userId, id(req));
      return { deleted: true };
    }),
  );
  return r;
}
