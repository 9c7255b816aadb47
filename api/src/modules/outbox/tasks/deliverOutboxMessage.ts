import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { deliverOutboxMessage } from '../core/outbox.ts';
import { outboxJobs } from '../jobs.ts';

/** Sends one invitation email (SMTP) or SMS (Twilio), or files it in the local outbox. */
export const deliverOutboxMessageTask =
  (ctx: WorkerContext): Task =>
  async (payload, helpers) => {
    const { outboxId } = outboxJobs.deliver_outbox_message.parse(payload);
    const result = await deliverOutboxMessage(ctx.orm.em.fork(), outboxId, ctx.delivery);
    helpers.logger.info(`outbox message ${outboxId}: ${result}`);
  };
