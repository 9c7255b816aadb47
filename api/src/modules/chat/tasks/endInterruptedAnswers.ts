import type { Task } from 'graphile-worker';
import type { WorkerContext } from '../../../platform/module.ts';
import { endInterruptedAnswers } from '../core/interrupted.ts';
import { chatJobs } from '../jobs.ts';

/**
 * Ends the answers left `streaming` by an api process that died (every minute, from the crontab).
 * Answers someone opens, stops or retries are ended at once by the api; this catches the rest,
 * and tells any browser still waiting on one.
 */
export const endInterruptedAnswersTask =
  (ctx: WorkerContext): Task =>
  async (payload, helpers) => {
    const { staleAfterMs } = chatJobs.end_interrupted_answers.parse(payload ?? {});
    const ended = await endInterruptedAnswers(ctx.orm.em.fork(), ctx.pubsub, {
      staleAfterMs: staleAfterMs ?? ctx.answerStaleAfterMs,
    });
    if (ended.length > 0) helpers.logger.info(`ended ${ended.length} interrupted answer(s)`);
  };
