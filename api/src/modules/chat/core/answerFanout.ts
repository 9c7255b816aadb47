import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { logger } from '../../../platform/logger.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import { type AnswerEvent, answerChannel, savedAnswerEvent } from './answerEvents.ts';
import type { AnswerLiveness } from './liveness.ts';
import { Message } from './Message.ts';
import type { ChatEngineOptions, RunningAnswer, RunningAnswers } from './running.ts';
import { requireMessage } from './service.ts';

const REMOTE_BATCH_MS = 15;
/** Characters per remote delta: even escaped to JSON they stay inside a NOTIFY payload. */
const REMOTE_SLICE_CHARS = 1000;
/**
 * Deltas for this process's subscribers: the first at once, then those of each window as one event.
 * Each event costs a GraphQL execution and a WebSocket write per subscriber: at 50 answers at once,
 * 4 ms windows spent most of the api's CPU on them. So a window is one screen frame at 60 Hz while
 * this process writes few answers, and grows by a millisecond per answer beyond that, up to three
 * frames (20 updates a second still reads as smooth streaming): the busier the process, the fewer
 * events per answer, while the first token of each still goes at once.
 */
const LOCAL_BATCH_MS = { min: 16, max: 48 };
export const localBatchMs = (answersBeingWritten: number) =>
  Math.min(LOCAL_BATCH_MS.max, Math.max(LOCAL_BATCH_MS.min, answersBeingWritten));
/**
 * An answer's first subscriber gets the text so far as a delta after an empty snapshot, however
 * late it comes: the client that sent the prompt sees its first token arrive as a token, however
 * fast the provider was and however long its own subscription took on a busy machine. Later
 * subscribers (a reconnect, a second tab) get the text so far in the snapshot.
 */
/** How long a subscriber joining mid-answer waits for another process to save the text so far. */
const SNAPSHOT_WAIT_MS = 500;

export interface DeltaPublisher {
  delta(offset: number, text: string): void;
  /** Sends what is still batched (before the answer's end is published). */
  flush(): Promise<void>;
}

/**
 * Fans an answer's tokens out to its subscribers, whichever api process they are connected to.
 * Subscribers in the writer's process get the first delta at once and then the tokens of each
 * window (localBatchMs) as one event; other processes get deltas through NOTIFY, batched per
 * REMOTE_BATCH_MS, and only once one of them follows the answer (it asks the writer to save the
 * text so far, reads that, then takes the deltas after it), which keeps the database out of the
 * token path.
 */
export class AnswerFanout {
  constructor(
    private readonly orm: MikroORM,
    private readonly pubsub: PubSub,
    private readonly running: RunningAnswers,
    private readonly liveness: AnswerLiveness,
    private readonly options: Pick<ChatEngineOptions, 'staleAfterMs'>,
  ) {}

  publisher(messageId: string, run: RunningAnswer): DeltaPublisher {
    const channel = answerChannel(messageId);
    const event = (offset: number, text: string): AnswerEvent => ({
      messageId,
      kind: 'delta',
      offset,
      text,
      status: 'streaming',
      error: null,
    });
    const local = { offset: 0, text: '', timer: undefined as NodeJS.Timeout | undefined, last: 0 };
    const flushLocal = () => {
      clearTimeout(local.timer);
      local.timer = undefined;
      if (!local.text) return;
      const payload = JSON.stringify(event(local.offset, local.text));
      local.text = '';
      local.last = performance.now();
      this.pubsub.publishLocal(channel, payload);
    };
    const remote = { offset: 0, text: '', timer: undefined as NodeJS.Timeout | undefined };
    const flushRemote = async () => {
      clearTimeout(remote.timer);
      remote.timer = undefined;
      if (!remote.text) return;
      const { offset, text } = remote;
      remote.text = '';
      for (let at = 0; at < text.length; at += REMOTE_SLICE_CHARS) {
        await this.pubsub
          .publishRemote(channel, JSON.stringify(event(offset + at, text.slice(at, at + REMOTE_SLICE_CHARS))))
          .catch((err) => logger.warn({ err }, 'answer event lost'));
      }
    };
    return {
      delta: (offset, text) => {
        if (!local.text) local.offset = offset;
        local.text += text;
        const windowMs = localBatchMs(this.running.size);
        if (performance.now() - local.last >= windowMs) flushLocal();
        else local.timer ??= setTimeout(flushLocal, windowMs - (performance.now() - local.last));
        if (run.remoteFrom === null || offset + text.length <= run.remoteFrom) return;
        const from = Math.max(offset, run.remoteFrom);
        if (!remote.text) remote.offset = from;
        remote.text += text.slice(from - offset);
        remote.timer ??= setTimeout(() => void flushRemote(), REMOTE_BATCH_MS);
      },
      flush: async () => {
        flushLocal();
        await flushRemote();
      },
    };
  }

  /**
   * The events of one answer for its owner: a snapshot of the text so far, then the rest as it
   * arrives, in order and without gaps or repeats, then `done`. Works whichever api process is
   * writing the answer, and for answers already finished (a snapshot and `done`).
   */
  async *events(em: () => EntityManager, userId: string, messageId: string): AsyncGenerator<AnswerEvent> {
    // An answer written here is its owner's without asking the database (this is the way to the
    // first token of the client that just sent the prompt); anything else is checked there.
    const local = this.running.get(messageId);
    if (local?.userId !== userId) await requireMessage(em(), userId, messageId);
    const queue: AnswerEvent[] = [];
    let wake: (() => void) | undefined;
    let persisted: (() => void) | undefined;
    // Every event of an answer written here is published in this process (its end too; an ending
    // written elsewhere is found by the idle check below once the writer lets go), so only an answer
    // written elsewhere needs, and waits for, a LISTEN.
    const subscribed = this.pubsub.subscribe(
      answerChannel(messageId),
      (payload) => {
        const event = JSON.parse(payload) as AnswerEvent;
        if (event.kind === 'persisted') persisted?.();
        else queue.push(event);
        wake?.();
      },
      { localOnly: Boolean(local) },
    );
    if (local) subscribed.catch(() => {});
    else await subscribed;
    // While nothing arrives, look at the answer now and then: its writer may be gone, or its end
    // may have been missed (a NOTIFY lost while the listening connection was reconnecting).
    const idleCheckMs = Math.max(250, Math.min(this.options.staleAfterMs / 2, 15_000));
    try {
      const snapshot = await this.snapshot(
        messageId,
        () =>
          new Promise<void>((resolve) => {
            persisted = resolve;
            setTimeout(resolve, SNAPSHOT_WAIT_MS);
          }),
      );
      if (snapshot.kind === 'snapshot' && snapshot.offset === 0 && snapshot.text === '') {
        // The answer's first subscriber: its text so far comes as a delta, in order with
        // those queued meanwhile (overlaps are trimmed below).
        const run = this.running.get(messageId);
        if (run?.text) queue.unshift({ ...snapshot, kind: 'delta', text: run.text });
      }
      yield snapshot;
      if (snapshot.kind === 'done') return;
      let next = snapshot.offset + snapshot.text.length;
      const early = new Map<number, AnswerEvent>();
      for (;;) {
        if (queue.length === 0) {
          let idle: NodeJS.Timeout | undefined;
          await new Promise<void>((resolve) => {
            wake = resolve;
            idle = setTimeout(resolve, idleCheckMs);
          });
          clearTimeout(idle);
        }
        wake = undefined;
        // A writer in this process delivers its end directly; only others' can be gone or missed.
        if (queue.length === 0 && !this.running.has(messageId)) {
          const ending = await this.liveness.endingOf(messageId);
          if (ending) queue.push(ending);
        }
        for (let event of queue.splice(0)) {
          if (event.kind === 'ended') event = (await this.liveness.endingOf(messageId)) ?? event;
          if (event.kind === 'done') {
            // The final text is authoritative: anything a subscriber missed comes with it.
            if (event.text.length > next) {
              yield {
                ...event,
                kind: 'delta',
                offset: next,
                text: event.text.slice(next),
                status: 'streaming',
              };
            }
            yield { ...event, offset: 0, kind: 'done' };
            return;
          }
          if (event.kind === 'snapshot') continue;
          early.set(event.offset, event);
        }
        // Deltas are applied in offset order: overlaps with the snapshot are trimmed, and a delta
        // that arrives early waits for the ones before it.
        for (let progressed = true; progressed; ) {
          progressed = false;
          for (const [offset, event] of early) {
            const end = offset + event.text.length;
            if (end <= next) {
              early.delete(offset);
              progressed = true;
            } else if (offset <= next) {
              early.delete(offset);
              const text = event.text.slice(next - offset);
              yield { ...event, offset: next, text };
              next = end;
              progressed = true;
            }
          }
        }
      }
    } finally {
      const unsubscribe = await subscribed.catch(() => undefined);
      await unsubscribe?.();
    }
  }

  private async snapshot(messageId: string, writerSaved: () => Promise<void>): Promise<AnswerEvent> {
    const local = this.running.get(messageId);
    if (local) {
      const first = !local.followed;
      local.followed = true;
      const text = first ? '' : local.text;
      return { messageId, kind: 'snapshot', offset: 0, text, status: 'streaming', error: null };
    }
    // Written elsewhere (or finished): ask the writer to save what it has, wait until it says it
    // has (or a moment, if no process is writing it), then read it.
    const em = this.orm.em.fork();
    let message = await em.findOneOrFail(Message, { id: messageId });
    if (message.status === 'streaming') {
      const saved = writerSaved();
      await this.liveness.requestSave(messageId).catch(() => {});
      await saved;
      message = await em.refreshOrFail(message);
      if (message.status === 'streaming' && (await this.liveness.endIfInterrupted([messageId])).size > 0)
        message = await em.refreshOrFail(message);
    }
    return savedAnswerEvent(message, message.status === 'streaming' ? 'snapshot' : 'done');
  }
}
