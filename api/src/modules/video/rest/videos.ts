import { Router } from 'express';
import { sendStored } from '../../../http/media.ts';
import { notFound } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { AppServices } from '../../../platform/module.ts';
import { anyone, onOwnRow, signedIn } from '../../../rest/adapter.ts';
import { linkNextPage, pageQuery, queryParam } from '../../../rest/paging.ts';
import { videoModels, videoOptions } from '../core/capabilities.ts';
import { enhanceVideoPrompt } from '../core/enhance.ts';
import * as jobs from '../core/jobs.ts';
import * as posts from '../core/posts.ts';

/** The spec's video and post calls (§7), on the same services as the GraphQL operations. */
export function videoRoutes(services: AppServices): Router {
  const { config, storage, videoProviders, pubsub, profiles, publicVideosFirstPage, contentChecks } =
    services;
  const r = Router();

  r.post(
    '/videos/generate',
    signedIn(services, async ({ em, userId, req, res }) => {
      const job = await jobs.generateVideo(em, userId, req.body, videoProviders, storage, contentChecks);
      res.status(201).json(jobs.videoJobView(job, storage));
    }),
  );
  // Public: the marketing page and the dialog say what the configured provider can make
  // (?model= one of /videos/models; the default otherwise).
  r.get(
    '/videos/capabilities',
    anyone(services, async ({ em, req, res }) => {
      const model = typeof req.query.model === 'string' ? req.query.model : undefined;
      const provider = videoProviders.get(model);
      if (!provider) throw notFound(msg('No such video model'));
      res.json(await videoOptions(em, provider));
    }),
  );
  r.get(
    '/videos/models',
    anyone(services, ({ em }) => videoModels(em, videoProviders)),
  );
  // The dialog's Enhance button: the rewritten prompt streamed as plain text (the person edits it
  // before generating). X-Enhanced-By says which assistant wrote it ('offline' without a key).
  r.post(
    '/videos/enhance-prompt',
    signedIn(services, async ({ em, userId, req, res }) => {
      const stop = new AbortController();
      res.on('close', () => stop.abort());
      const { by, text } = await enhanceVideoPrompt(
        em,
        profiles,
        (id) => videoProviders.get(id),
        userId,
        req.body,
        stop.signal,
      );
      res.status(200).setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('X-Enhanced-By', by);
      res.setHeader('Cache-Control', 'no-store');
      res.flushHeaders();
      try {
        for await (const chunk of text) res.write(chunk);
      } catch {
        // Headers are gone: the client sees the text end early and keeps what it has.
      }
      res.end();
    }),
  );
  r.post(
    '/videos/:id/cancel',
    signedIn(services, async ({ em, userId, req, res }) => {
      const deps = { pubsub, providers: videoProviders, storage };
      res.json(await jobs.cancelVideoJob(em, deps, userId, String(req.params.id)));
    }),
  );
  r.post(
    '/videos/:id/dismiss',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.json({ success: await jobs.dismissVideoJob(em, userId, String(req.params.id)) });
    }),
  );
  // The start picture of a running image-to-video, for a provider that fetches pictures by URL
  // (Luma's keyframes): no session, the job's random token is the key, and it stops working when
  // the job ends. Anything else is 404, saying nothing about which part was wrong.
  r.get(
    '/video-sources/:jobId/:token',
    anyone(services, async ({ em, req, res }) => {
      const image = await jobs.runningSourceImage(em, String(req.params.jobId), String(req.params.token));
      if (!image) throw notFound(msg('Not found'));
      // Stored uploads have no extension to take the type from.
      res.type(image.type);
      await sendStored(req, res, storage, image.key, { cacheControl: 'private, no-store' });
    }),
  );
  r.get(
    '/videos/allowance',
    signedIn(services, ({ em, userId }) => jobs.videoAllowance(em, userId)),
  );
  r.get(
    '/videos/:id/status',
    signedIn(services, async ({ em, userId, req, res }) => {
      const job = await jobs.requireOwnJob(em, userId, String(req.params.id));
      res.json(jobs.videoJobView(job, storage));
    }),
  );
  r.get(
    '/videos/:id/download',
    signedIn(services, async ({ em, userId, req, res }) => {
      const job = await jobs.requireOwnJob(em, userId, String(req.params.id));
      if (!job.videoKey) throw notFound(msg('Video not found'));
      // Range requests (206) let the browser seek; `inline` plays instead of saving.
      const name = `${
        job.prompt
          .replace(/[^\w]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 60) || 'chorus-video'
      }.mp4`;
      await sendStored(req, res, storage, job.videoKey, {
        cacheControl: 'private, max-age=0',
        download: req.query.inline === undefined ? name : undefined,
      });
    }),
  );

  r.post(
    '/posts',
    signedIn(services, async ({ em, userId, req, res }) => {
      const post = await posts.savePost(em, storage, contentChecks, userId, req.body);
      res.status(201).json(post);
    }),
  );
  r.get(
    '/posts',
    signedIn(services, async ({ em, userId, req, res }) => {
      // Up to 1000 per page as before paging, `?search=&tag=&limit=&cursor=` like the community's.
      const query = pageQuery(req, ['search', 'tag']);
      const page = await posts.galleryPage(em, storage, userId, query, { max: 1000, fallback: 1000 });
      linkNextPage(req, res, 'cursor', page.nextCursor);
      return page.posts;
    }),
  );
  r.patch(
    '/posts/:id',
    signedIn(services, ({ em, userId, req }) =>
      posts.updatePost(em, storage, contentChecks, userId, String(req.params.id), req.body),
    ),
  );
  r.delete(
    '/posts/:id',
    onOwnRow(services, (em, userId, id) => posts.deletePost(em, storage, userId, id), { success: true }),
  );
  // The signed-in user's liked videos, last liked first: `?limit=&cursor=`.
  r.get(
    '/posts/liked',
    signedIn(services, async ({ em, userId, req, res }) => {
      const page = await posts.likedVideos(em, userId, pageQuery(req));
      linkNextPage(req, res, 'cursor', page.nextCursor);
      return page.posts;
    }),
  );
  // A public video's public remixes, newest first: `?limit=&cursor=` (the next page in X-Next-Cursor
  // and Link, as the other lists). Anyone may read them, as they may the video.
  r.get(
    '/posts/:id/remixes',
    anyone(services, async ({ em, userId: viewerId, req, res }) => {
      const page = await posts.remixesOf(em, String(req.params.id), pageQuery(req), viewerId);
      linkNextPage(req, res, 'cursor', page.nextCursor);
      return page.posts;
    }),
  );
  // Idempotent: liking twice keeps one like, unliking what isn't liked is fine; `{ likes, liked }`.
  r.post(
    '/posts/:id/like',
    signedIn(services, ({ em, userId, req }) => posts.likePost(em, userId, String(req.params.id))),
  );
  r.delete(
    '/posts/:id/like',
    signedIn(services, ({ em, userId, req }) => posts.unlikePost(em, userId, String(req.params.id))),
  );

  r.get(
    '/public/videos',
    anyone(services, async ({ em, userId: viewerId, req, res }) => {
      // `?cursor=` as the other lists name it; `after` as the spec's client sends it.
      const query = { ...req.query, after: queryParam(req.query.cursor ?? req.query.after) };
      const page = await posts.listPublicVideos(em, query, viewerId, publicVideosFirstPage);
      // The spec's client reads a plain list; the next page's cursor rides in a header.
      if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
      // How many match the search and tag in all, on the first page (without `after`).
      if (page.total !== undefined) res.setHeader('X-Total-Count', String(page.total));
      res.json(page.posts);
    }),
  );
  // The community gallery's tag filter: `?limit=` (1–50, default 10), newest tags first.
  r.get(
    '/public/video-tags',
    anyone(services, async ({ em, req, res }) => {
      const limit = typeof req.query.limit === 'string' ? Number.parseInt(req.query.limit, 10) : undefined;
      res.json(await posts.publicVideoTags(em, limit));
    }),
  );
  r.get(
    '/public/videos/:slug',
    anyone(services, async ({ em, userId: viewerId, req, res }) => {
      const post = await posts.publicVideo(em, String(req.params.slug), viewerId);
      res.json(
        await posts.recordView(
          em,
          storage,
          post.id,
          posts.viewerKeyOf(viewerId, req.ip ?? '', config.SESSION_SECRET),
          viewerId,
        ),
      );
    }),
  );
  return r;
}
