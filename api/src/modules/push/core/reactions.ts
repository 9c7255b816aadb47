import type { HookHandlers } from '../../../platform/module.ts';
import { addJob } from '../../jobs/addJob.ts';
import { isPushed } from './payload.ts';
import { endSessionSubscriptions } from './subscriptions.ts';

/**
 * How long a push waits for more of the same: a conversation's burst of messages counts one
 * notification up, and each adds the same keyed job again, which moves it this much later
 * (graphile-worker replaces a waiting job of the same key), so the burst is one push, not one per line.
 */
const GATHER_MS = 2_000;

/**
 * What push does on others' events (module.ts `hooks`): a notification of a pushed kind written for
 * someone with a subscription queues its push, in the writer's transaction (so a rolled-back message
 * pushes nothing), keyed by the notification (a burst of one conversation's messages is one job,
 * replaced while it waits: GATHER_MS); whether it is sent is decided when it runs (core/deliver.ts), in the
 * worker, so a slow push service never slows the request. A signed-out session's subscriptions end.
 */
export const pushReactions: HookHandlers = {
  notificationWritten: async ({ em, notificationId, userId, kind }) => {
    if (!isPushed(kind)) return;
    const [row] = await em.execute<{ any: boolean }[]>(
      'select exists (select 1 from push_subscriptions where user_id = ?) as any',
      [userId],
    );
    if (!row?.any) return;
    await addJob(
      em,
      'send_push',
      { notificationId },
      { jobKey: `push:${notificationId}`, maxAttempts: 3, runAt: new Date(Date.now() + GATHER_MS) },
    );
  },
  sessionEnded: async ({ em, sessionId }) => {
    await endSessionSubscriptions(em, sessionId);
  },
};
