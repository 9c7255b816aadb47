import type { EntityManager } from '@mikro-orm/postgresql';
import type { PubSub } from '../../../platform/pubsub.ts';
import type { Storage } from '../../../platform/storage.ts';
import { requireOwnJob, type VideoJobView, videoJobChannel, videoJobView } from './jobs.ts';

const finished = (v: VideoJobView) => v.status === 'completed' || v.status === 'failed';

/**
 * A job's state for its owner: now, then every change the worker publishes, until it completes or
 * fails. Listening starts before the current state is read, so no change in between is lost;
 * progress never goes backwards for the subscriber (late events are dropped).
 */
export async function* videoJobUpdates(
  em: EntityManager,
  pubsub: PubSub,
  storage: Storage,
  userId: string,
  jobId: string,
): AsyncGenerator<VideoJobView> {
  await requireOwnJob(em, userId, jobId);
  const queue: VideoJobView[] = [];
  let wake: (() => void) | undefined;
  const unsubscribe = await pubsub.subscribe(videoJobChannel(jobId), (payload) => {
    queue.push(JSON.parse(payload) as VideoJobView);
    wake?.();
  });
  try {
    const current = videoJobView(await requireOwnJob(em.fork(), userId, jobId), storage);
    yield current;
    if (finished(current)) return;
    let last = current;
    for (;;) {
      if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      for (const view of queue.splice(0)) {
        const stale = !finished(view) && view.status === last.status && view.progress <= last.progress;
        if (stale) continue;
        last = view;
        yield view;
        if (finished(view)) return;
      }
    }
  } finally {
    await unsubscribe();
  }
}
