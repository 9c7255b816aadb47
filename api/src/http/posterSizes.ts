import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { POSTER_WIDTHS, scaledPosterKey } from '../domain/video/posterSizes.ts';
import { logger } from '../platform/logger.ts';
import { runFfmpeg } from '../video/ffmpeg.ts';

/**
 * Video posters at the size a card shows them: `/media/videos/…/{job}.jpg?w=384` answers the poster
 * scaled to 384 px wide (the community cards are 343-378 px wide on phones; the stored poster is
 * 640x360). Each size is made once, on first request, with the ffmpeg the renderer already ships,
 * and kept beside the media (`scaledPosterKey`: `.sized/w{width}/…`, which static serving never
 * exposes: dotfiles are denied; deleting the post deletes them). Posts of any age get it, nothing is migrated; if the scaling fails the full poster is served.
 * Only the listed widths are made, so nobody can fill the disk with sizes of their choosing.
 */

export function posterSizes(storageDir: string): RequestHandler {
  const root = path.resolve(storageDir);
  const making = new Map<string, Promise<boolean>>();

  const make = (source: string, target: string, width: number): Promise<boolean> => {
    let job = making.get(target);
    if (!job) {
      const temporary = `${target}.${process.pid}.tmp.jpg`;
      job = mkdir(path.dirname(target), { recursive: true })
        .then(() => runFfmpeg(['-y', '-i', source, '-vf', `scale=${width}:-2`, '-q:v', '4', temporary]))
        .then(() => rename(temporary, target))
        .then(() => true)
        .catch(async (err: unknown) => {
          await rm(temporary, { force: true });
          logger.warn({ err, source }, 'poster could not be scaled; serving the full size');
          return false;
        })
        .finally(() => making.delete(target));
      making.set(target, job);
    }
    return job;
  };

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.query.w === undefined || !/^\/videos\/.+\.jpg$/.test(req.path)) return next();
    const width = Number(req.query.w);
    if (!(POSTER_WIDTHS as readonly number[]).includes(width)) {
      res
        .status(400)
        .json({ message: `w must be one of ${POSTER_WIDTHS.join(', ')}`, code: 'BAD_USER_INPUT' });
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(req.path).slice(1);
    } catch {
      return next();
    }
    const source = path.resolve(root, relative);
    if (!source.startsWith(root + path.sep) || !existsSync(source)) return next();
    const target = path.join(root, scaledPosterKey(relative, width));
    if (existsSync(target) || (await make(source, target, width))) {
      res.sendFile(target, { maxAge: '30d', immutable: true, dotfiles: 'allow' });
      return;
    }
    next();
  };
}
