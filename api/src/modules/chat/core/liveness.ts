import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { logger } from '../../../platform/logger.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import { type AnswerEvent, answerChannel, publishDone, savedAnswerEvent } from './answerEvents.ts';
import { savePartial, savePartials } from './answerWriter.ts';
import { endInterruptedAnswers, INTERRUPTED_MESSAGE } from './interrupted.ts';
import { Message } from './Message.ts';
import { type ChatEngineOptions, CONTROL, type RunningAnswers } from './running.ts';
import { requireMessage } from './service.ts';

/** How long Stop waits for a remote writer to end an answer before ending it itself. */
const STOP_GRACE_MS = 2000;

/**
 * Whether answers still have a writer, across processes. This process saves the text so far of
 * every answer it writes each heartbeat (the touch tells other processes it is alive) and answers
 * other processes' requests on the control channel (stop an answer, save its text now). An answer
 * whose writer died is ended as interrupted (interrupted.ts) when someone looks at it.
 */
export class AnswerLiveness {
  private readonly heartbeat: NodeJS.Timeout;
  private beating = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly pubsub: PubSub,
    private readonly running: RunningAnswers,
    private readonly options: Pick<ChatEngineOptions, 'heartbeatMs' | 'staleAfterMs'>,
  ) {
    void pubsub.subscribe(CONTROL, (payload) => void this.onControl(payload)).catch(() => {});
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Stops the heartbeat and aborts every answer this process is writing (for shutdown). */
  stopAll(): void {
    clearInterval(this.heartbeat);
    for (const run of this.running.values()) run.abort.abort();
  }

  abortLocal(messageId: string): boolean {
    const run = this.running.get(messageId);
    run?.abort.abort();
    return !!run;
  }

  /** Ends those of these answers whose writer is gone; never one this process is writing. */
  async endIfInterrupted(messageIds: string[]): Promise<Set<string>> {
    const others = messageIds.filter((id) => !this.running.has(id));
    if (others.length === 0) return new Set();
    const ended = await endInterruptedAnswers(this.orm.em.fork(), this.pubsub, {
      staleAfterMs: this.options.staleAfterMs,
      messageIds: others,
    });
    return new Set(ended);
  }

  /**
   * The answer as saved when it has ended (also when its writer is found gone, ending it as
   * interrupted); null while it is still being written.
   */
  async endingOf(messageId: string): Promise<AnswerEvent | null> {
    const em = this.orm.em.fork();
    let message = await em.findOne(Message, { id: messageId });
    if (!message) {
      // Deleted with its chat while being written.
      return { messageId, kind: 'done', offset: 0, text: '', status: 'error', error: INTERRUPTED_MESSAGE };
    }
    if (message.status === 'streaming') {
      if (this.running.has(messageId) || (await this.endIfInterrupted([messageId])).size === 0) return null;
      message = await em.refreshOrFail(message);
    }
    return savedAnswerEvent(message, 'done');
  }

  /**
   * Stops an answer being written, wherever it is being written; what was written is kept. An
   * answer no process is writing any more ends too: as interrupted once its writer is known to be
   * gone, else as stopped when no writer has ended it within STOP_GRACE_MS of being asked.
   */
  async stop(em: EntityManager, userId: string, messageId: string): Promise<Message> {
    const message = await requireMessage(em, userId, messageId);
    if (message.status !== 'streaming') return message;
    if (this.abortLocal(messageId)) return message;
    if ((await this.endIfInterrupted([messageId])).size > 0) return em.refreshOrFail(message);
    let ended: () => void = () => {};
    const done = new Promise<void>((resolve) => (ended = resolve));
    const unsubscribe = await this.pubsub.subscribe(answerChannel(messageId), (payload) => {
      const kind = (JSON.parse(payload) as AnswerEvent).kind;
      if (kind === 'done' || kind === 'ended') ended();
    });
    try {
      await this.pubsub.publish(CONTROL, JSON.stringify({ stop: messageId }));
      // Never longer than it takes to declare a silent writer gone.
      const timer = setTimeout(ended, Math.min(STOP_GRACE_MS, this.options.staleAfterMs / 3));
      await done;
      clearTimeout(timer);
    } finally {
      await unsubscribe();
    }
    const rows = await this.orm.em.fork().execute<{ content: string }[]>(
      `update messages set status = 'stopped', updated_at = now() where id = ? and status = 'streaming'
       returning content`,
      [messageId],
    );
    if (rows[0]) {
      await publishDone(this.pubsub, { messageId, text: rows[0].content, status: 'stopped', error: null });
    }
    return em.refreshOrFail(message);
  }

  /** Asks whichever process writes this answer to save its text so far (see AnswerFanout's snapshot). */
  async requestSave(messageId: string): Promise<void> {
    await this.pubsub.publish(CONTROL, JSON.stringify({ persist: messageId }));
  }

  /**
   * Saves the text so far of every answer this process is writing, in one statement; the touch is
   * also what tells other processes the writer is alive. An answer no longer streaming in the
   * database was ended elsewhere (this process was taken for dead, or the chat was deleted), so
   * writing it stops.
   */
  private async beat(): Promise<void> {
    const answers = [...this.running]
      .filter(([, run]) => run.stored)
      .map(([id, run]) => ({ id, content: run.text }));
    if (answers.length === 0 || this.beating) return;
    this.beating = true;
    try {
      const alive = await savePartials(this.orm, answers);
      for (const { id } of answers) if (!alive.has(id)) this.running.get(id)?.abort.abort();
    } catch (err) {
      logger.warn({ err }, 'answer heartbeat failed');
    } finally {
      this.beating = false;
    }
  }

  private async onControl(payload: string): Promise<void> {
    const command = JSON.parse(payload) as { stop?: string; persist?: string };
    if (command.stop) this.abortLocal(command.stop);
    const run = command.persist ? this.running.get(command.persist) : undefined;
    if (command.persist && run) {
      // Another process follows this answer from now on: it reads the text saved here, then gets
      // every delta after it through NOTIFY (none are sent while only this process follows it).
      run.remoteFrom ??= run.text.length;
      await savePartial(this.orm, command.persist, run.text);
      const event: AnswerEvent = {
        messageId: command.persist,
        kind: 'persisted',
        offset: 0,
        text: '',
        status: 'streaming',
        error: null,
      };
      await this.pubsub.publishRemote(answerChannel(command.persist), JSON.stringify(event)).catch(() => {});
    }
  }
}
