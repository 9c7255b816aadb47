/** An answer this process is writing. */
export interface RunningAnswer {
  /** Whose answer it is: its subscribers are checked against it without a database read. */
  userId: string;
  text: string;
  abort: AbortController;
  /** Whether a subscriber has had this answer's snapshot yet (the first one gets its text as a delta). */
  followed: boolean;
  /** Remote deltas are sent from this offset on, once another process follows the answer; null till then. */
  remoteFrom: number | null;
  /**
   * Whether its message is saved: a send asks the provider while its transaction is still
   * committing, and until then the heartbeat leaves the answer alone (it would find no row).
   */
  stored: boolean;
}

/** The answers this process is writing, by message id (shared by the writer, fan-out and liveness). */
export type RunningAnswers = Map<string, RunningAnswer>;

/** The pub/sub channel on which processes ask each other to stop an answer or save its text so far. */
export const CONTROL = 'answer_control';

export interface ChatEngineOptions {
  /** Delay between tokens of the offline provider (a reading pace; 0 in tests). */
  offlineDelayMs: number;
  /**
   * How often this process saves the text so far of every answer it is writing. The same write
   * says the writer is alive, even while a provider is slow to send anything.
   */
  heartbeatMs: number;
  /** An answer whose row has not been touched for this long has lost its writer. */
  staleAfterMs: number;
  historyBudgetTokens: number;
  /** How long an answer waits for the user's memories (answerMemory.ts); MEMORY_BUDGET_MS by default. */
  memoryBudgetMs?: number;
}
