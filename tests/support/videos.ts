import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { db } from './users.ts';

type FinishedVideoRows = {
  id: string;
  userId: string;
  prompt: string;
  duration: string;
  provider: string;
  videoKey: string;
  thumbnailKey: string;
};

/** The rows a finished video job leaves behind: the job (completed, 100%) and its two files rows. */
export async function recordFinishedVideo(v: FinishedVideoRows) {
  await db().query(
    `insert into video_jobs (id, user_id, prompt, duration, size, status, progress, provider, video_key, thumbnail_key)
     values ($1, $2, $3, $4, '1280x720', 'completed', 100, $7, $5, $6)`,
    [v.id, v.userId, v.prompt, v.duration, v.videoKey, v.thumbnailKey, v.provider],
  );
  await db().query(
    `insert into files (id, user_id, name, content_type, size, storage_key, purpose) values
       (gen_random_uuid(), $1, 'v.mp4', 'video/mp4', 2048, $2, 'video'),
       (gen_random_uuid(), $1, 'v.jpg', 'image/jpeg', 2048, $3, 'thumbnail')`,
    [v.userId, v.videoKey, v.thumbnailKey],
  );
}

/**
 * A finished video job as the worker leaves it (rendering has its own tests): the job row, its
 * files rows and 2048 bytes of `fill` for the video and the thumbnail in `storageDir`.
 */
export async function finishedVideo(
  storageDir: string,
  userId: string,
  prompt: string,
  {
    duration = '8',
    provider = 'preview',
    fill = 1,
  }: { duration?: string; provider?: string; fill?: number } = {},
) {
  const id = randomUUID();
  const videoKey = `videos/${userId}/${id}.mp4`;
  const thumbnailKey = `videos/${userId}/${id}.jpg`;
  for (const key of [videoKey, thumbnailKey]) {
    await mkdir(path.dirname(path.join(storageDir, key)), { recursive: true });
    await writeFile(path.join(storageDir, key), Buffer.alloc(2048, fill));
  }
  await recordFinishedVideo({ id, userId, prompt, duration, provider, videoKey, thumbnailKey });
  return { id, videoKey, thumbnailKey };
}
