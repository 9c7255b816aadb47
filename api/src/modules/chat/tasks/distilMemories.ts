import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { distilMemories } from '../core/memory/distil.ts';
import { chatJobs } from '../jobs.ts';

/** After an answer: remember the durable facts the user stated in the prompt. */
export const distilMemoriesTask =
  (ctx: WorkerContext): Task =>
  async (payload, helpers) => {
    const input = chatJobs.distil_memories.parse(payload);
    const added = await distilMemories(ctx.orm.em.fork(), input, ctx.profiles, ctx.profiles.get('gpt'));
    if (added) helpers.logger.info(`remembered ${added} new fact(s) for user ${input.userId}`);
  };
