import type { MikroORM } from '@mikro-orm/postgresql';
import type { PubSub } from '../../../platform/pubsub.ts';
import { jobCall } from '../../jobs/addJob.ts';
import type { Source } from '../../knowledge/core/sources.ts';
import { type AnswerStatus, doneEvent, publishDone } from './answerEvents.ts';
import type { DeltaPublisher } from './answerFanout.ts';
import type { AnswerMemory, Memory } from './answerMemory.ts';
import { learnsFrom, modelNameOf, refundsUse } from './answerRules.ts';
import { persistAnswer, type SavedAnswer } from './answerWriter.ts';
import type { Assistant } from './catalogue.ts';
import type { AnswerReport } from './models.ts';
import type { RunningAnswer } from './running.ts';
import { usedFeature } from './sendRules.ts';
import { refund } from './usage.ts';

export interface FinishDeps {
  orm: MikroORM;
  pubsub: PubSub;
  memory: AnswerMemory;
}

/** An answer as its writing ended (answerStream.ts). */
export interface AnswerOutcome {
  userId: string;
  messageId: string;
  assistant: Assistant;
  /** A use was counted for this answer, to be given back if it fails with nothing written. */
  charged: boolean;
  status: AnswerStatus;
  error: string | null;
  /** The memories the answer was written with; null when they missed their budget. */
  memory: Memory | null;
  /** The storage keys of pictures an @image answer made. */
  generatedKeys: string[];
  report: AnswerReport;
  /** What the answer cites as [1], [2]... (saved with it); null when it cites nothing. */
  sources: Source[] | null;
  /** Milliseconds to its first token (null without one) and in all, from when its writing started. */
  timing: { ttftMs: number | null; totalMs: number };
  /** For a send's answer: the memory lookup itself, and its prompt's save. */
  known?: { lookup: Promise<Memory>; committed: Promise<void> };
}

/**
 * Saves a written answer (once its prompt is saved), publishes its end, and refunds a failed one.
 * The finished answer, the job that learns from it and its `done` for the other processes are
 * committed together (answerWriter.ts persistAnswer); this process's subscribers hear it once it is.
 * An ending saved elsewhere first (a Stop from another process, the interrupted-answers sweep)
 * stands, and is what is published.
 */
export async function finishAnswer(
  deps: FinishDeps,
  run: RunningAnswer,
  deltas: DeltaPublisher,
  outcome: AnswerOutcome,
): Promise<SavedAnswer> {
  const { userId, messageId, status, error, memory, generatedKeys, report, known, timing, sources } = outcome;
  await deltas.flush();
  if (known) await known.committed;
  const memoryOn = await deps.memory.isOn(userId, memory, known?.lookup);
  const done = doneEvent({
    messageId,
    text: run.text,
    status,
    error,
    tokens: report.tokens,
    modelName: modelNameOf(report.model),
    ...timing,
    sources,
  });
  const { saved, endedHere } = await persistAnswer(
    deps.orm,
    messageId,
    {
      content: run.text,
      status,
      error,
      ...(generatedKeys.length ? { images: generatedKeys } : {}),
      tokens: report.tokens,
      modelName: report.model,
      ...timing,
      ...(sources ? { sources } : {}),
    },
    {
      job: learnsFrom(status, memoryOn)
        ? jobCall(
            'distil_memories',
            { userId, answerId: messageId },
            { jobKey: `distil_memories:${messageId}` },
          )
        : undefined,
      notify: { channel: done.channel, payload: deps.pubsub.remotePayload(done.remote) },
      ...(status === 'complete' ? { completedFor: userId } : {}),
    },
  );
  if (endedHere) deps.pubsub.publishLocal(done.channel, done.local);
  else
    await publishDone(deps.pubsub, {
      messageId,
      text: saved.content,
      status: saved.status,
      error: saved.error,
      tokens: saved.tokens,
      modelName: saved.modelName,
      ttftMs: saved.ttftMs,
      totalMs: saved.totalMs,
      sources: saved.sources,
    });
  if (refundsUse({ charged: outcome.charged, status, savedStatus: saved.status, text: run.text })) {
    await refund(deps.orm.em.fork(), userId, usedFeature(outcome.assistant)).catch(() => {});
  }
  return saved;
}
