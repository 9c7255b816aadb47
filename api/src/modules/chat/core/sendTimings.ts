import { logger } from '../../../platform/logger.ts';

/** The steps of a send before the provider is asked, in the order they happen. */
export type SendSpan =
  /** Input parsed and checked. */
  | 'validated'
  /** The transaction holds a database connection (a wait here is the pool). */
  | 'begun'
  /** The prompt is counted against the plan (the limit holds under parallel sends). */
  | 'planChecked'
  /** The prompt and the empty answer are written. */
  | 'inserted'
  | 'committed'
  /** The user's memories are known (or known to be off); absent when they missed their budget. */
  | 'memoryReady'
  /** The answer stopped waiting for them (ready, or the budget ran out). */
  | 'memoryDone'
  /** The request to the provider is being made. */
  | 'providerCall'
  | 'firstToken';

/**
 * Where a send's time goes before the provider answers: milliseconds since the send reached the
 * engine, per step. Logged at debug level once both the first token and the commit have happened
 * (the provider is asked before the commit, so either can come first), so `LOG_LEVEL=debug` (the
 * chat bench's BENCH_SEND_TIMINGS=1) shows them; otherwise a send pays a few performance.now() calls.
 */
export class SendTimings {
  private readonly start = performance.now();
  private readonly marks: Partial<Record<SendSpan, number>> = {};
  private messageId: string | undefined;
  private logged = false;

  /** The answer these timings are for; they are logged under its id. */
  forAnswer(messageId: string): void {
    this.messageId = messageId;
  }

  mark(span: SendSpan): void {
    this.marks[span] ??= Math.round((performance.now() - this.start) * 100) / 100;
    if (this.logged || this.marks.firstToken === undefined || this.marks.committed === undefined) return;
    this.logged = true;
    if (logger.isLevelEnabled('debug'))
      logger.debug({ sendTimings: this.marks, messageId: this.messageId }, 'send timings');
  }
}
