import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage.ts';
import { POSTER_WIDTHS, scaledPosterKey } from '../core/posterSizes.ts';
import { runFfmpeg } from '../providers/ffmpeg.ts';

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
 *
 * In an object store, the poster is fetched to a scratch folder, scaled there and stored back
 * beside it (`objectStoreScaler`).
 */
export function posterScaler(storage: Storage) {
  if (!storage.root) return objectStoreScaler(storage);
  const root = path.resolve(storage.root);
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

/** posterScaler on an object store: the same keys, made through a scratch folder. */
function objectStoreScaler(storage: Storage) {
  const making = new Map<string, Promise<boolean>>();
  /** Scaled keys known to exist (saves asking the store each time); deleted with their post. */
  const made = new Set<string>();
  const remember = (scaled: string) => {
    if (made.size >= 10_000) made.clear();
    made.add(scaled);
  };
  const exists = (key: string) =>
    storage.sizeOf(key).then(
      () => true,
      () => false,
    );

  const make = (key: string, scaled: string, width: number): Promise<boolean> => {
    let job = making.get(scaled);
    if (!job) {
      let scratch: string | undefined;
      job = mkdtemp(path.join(os.tmpdir(), 'chorus-poster-'))
        .then(async (dir) => {
          scratch = dir;
          const source = path.join(dir, 'source.jpg');
          const target = path.join(dir, 'scaled.jpg');
          await writeFile(source, await storage.read(key));
          await runFfmpeg(['-y', '-i', source, '-vf', `scale=${width}:-2`, '-q:v', '4', target]);
          await storage.putFile(scaled, target);
          return true;
        })
        .catch((err: unknown) => {
          logger.warn({ err, key }, 'poster could not be scaled; serving the full size');
          return false;
        })
        .finally(() => {
          making.delete(scaled);
          if (scratch) void rm(scratch, { recursive: true, force: true });
        });
      making.set(scaled, job);
    }
    return job;
  };

  return async (key: string, width: number): Promise<string | null> => {
    const scaled = scaledPosterKey(key, width);
    if (made.has(scaled) || (await exists(scaled))) {
      remember(scaled);
      return scaled;
    }
    if (!(await exists(key)) || !(await make(key, scaled, width))) return null;
    remember(scaled);
    return scaled;
  };
}

/** `?w=` on a poster: one of POSTER_WIDTHS, undefined when absent, 'invalid' otherwise. */
export function posterWidthOf(query: { w?: unknown }): number | undefined | 'invalid' {
  if (query.w === undefined) return undefined;
  const width = Number(query.w);
  return (POSTER_WIDTHS as readonly number[]).includes(width) ? width : 'invalid';
}
