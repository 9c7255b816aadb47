import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { deliverWebhook } from '../core/deliver.ts';
import { webhookJobs } from '../jobs.ts';
import { httpWebhookSender } from '../providers/httpSender.ts';

/** One attempt at one webhook delivery; the next one is queued by the attempt itself (core/deliver.ts). */
export const deliverWebhookTask = (ctx: WorkerContext): Task => {
  const settings = ctx.webhooks;
  const send = httpWebhookSender(settings);
  return async (payload, helpers) => {
    const { deliveryId, attempt } = webhookJobs.deliver_webhook.parse(payload);
    const result = await deliverWebhook(ctx.orm.em.fork(), { ...settings, send }, deliveryId, attempt);
    helpers.logger.info(`webhook delivery ${deliveryId} attempt ${attempt}: ${result}`);
  };
};
