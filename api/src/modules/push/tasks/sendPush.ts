import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { deliverPush } from '../core/deliver.ts';
import { pushJobs } from '../jobs.ts';
import { httpPushSender } from '../providers/httpPushSender.ts';

/** Pushes one notification to its person's browsers when no tab of theirs is open (core/deliver.ts). */
export const sendPushTask = (ctx: WorkerContext): Task => {
  const config = ctx.push;
  const send = httpPushSender({ allowLocal: config.allowLocal, timeoutMs: 10_000 });
  return async (payload, helpers) => {
    const { notificationId } = pushJobs.send_push.parse(payload);
    const result = await deliverPush(ctx.orm.em.fork(), config, send, notificationId);
    helpers.logger.info(`push for notification ${notificationId}: ${result}`);
  };
};
