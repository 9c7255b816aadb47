import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { POSTER_WIDTHS, scaledPosterKey } from '../modules/video/core/posterSizes.ts';
import { runFfmpeg } from '../modules/video/providers/ffmpeg.ts';
import { logger } from '../platform/logger.ts';

/**
 * Video posters at the size a card shows them: `/media/videos/…/{job}.jpg?w=384` answers the poster
 * scaled to 384 px wide (the community cards are 343-378 px wide on phones; the stored poster is
 * 640x360). Each size is made once, on first request, with the ffmpeg the renderer already ships,
 * and kept beside the media (`scaledPosterKey`: `.sized/w{width}/…`, which no media URL names:
 * keys are allow-listed; deleting the post deletes them). Posts of any age get it, nothing is
 * migrated. Only the listed widths are made, so nobody can fill the disk with sizes of their choosing.
 *
 * This only scales: http/media.ts decides first whether the poster may be served at all (a
 * published post's), so a scaled copy is never a way around the allow-list.
 */
export function posterScaler(storageDir: string) {
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

  /** The key of `key`'s poster scaled to `width`, made on first use; null when it can't be made. */
  return async (key: string, width: number): Promise<string | null> => {
    const source = path.join(root, key);
    if (!existsSync(source)) return null;
    const scaled = scaledPosterKey(key, width);
    const target = path.join(root, scaled);
    return existsSync(target) || (await make(source, target, width)) ? scaled : null;
  };
}

export type PosterScaler = ReturnType<typeof posterScaler>;

/** `?w=` on a poster: one of POSTER_WIDTHS, undefined when absent, 'invalid' otherwise. */
export function posterWidthOf(query: { w?: unknown }): number | undefined | 'invalid' {
  if (query.w === undefined) return undefined;
  const width = Number(query.w);
  return (POSTER_WIDTHS as readonly number[]).includes(width) ? width : 'invalid';
}
