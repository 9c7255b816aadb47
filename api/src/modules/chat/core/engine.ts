import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PubSub } from '../../../platform/pubsub.ts';
import type { Storage } from '../../../platform/storage.ts';
import { Retriever } from '../../knowledge/core/retrieve.ts';
import type { AnswerTools } from '../../tools/core/answerTools.ts';
import { webSearchFrom } from '../../websearch/core/fromSettings.ts';
import type { WebSearch } from '../../websearch/core/webSearch.ts';
import type { AnswerEvent } from './answerEvents.ts';
import { AnswerFanout } from './answerFanout.ts';
import { AnswerMemory, MEMORY_BUDGET_MS } from './answerMemory.ts';
import { type AnswerDeps, type AnswerJob, writeAnswer } from './answerStream.ts';
import type { SavedAnswer } from './answerWriter.ts';
import type { AssistantId } from './catalogue.ts';
import { AnswerLiveness } from './liveness.ts';
import type { Message } from './Message.ts';
import type { AssistantModels, ProviderProfile } from './models.ts';
import { PlanRefusals } from './planRefusals.ts';
import { readMessagePage, readMessages } from './reads.ts';
import { regenerateAnswer } from './regenerate.ts';
import type { ChatEngineOptions, RunningAnswers } from './running.ts';
import { type SendDeps, type SendResult, sendMessage } from './send.ts';
import { SendTimings } from './sendTimings.ts';
import type { MessagePage, messagePage } from './service.ts';
import { withinBudget } from './withinBudget.ts';

export type { AnswerEvent, AnswerStatus } from './answerEvents.ts';
export { LENGTH_NOTE } from './answerRules.ts';
export type { ChatEngineOptions } from './running.ts';
export type { SendResult } from './send.ts';

/** sendMessage's arguments after its dependencies, which the engine brings (send.ts). */
type SendArgs = Parameters<typeof sendMessage> extends [SendDeps, ...infer Rest] ? Rest : never;

/**
 * The chat's answers, as the rest of the api sees them. The send path (send.ts) saves the prompt
 * and an empty answer, then writes the answer in the api process that received the prompt (no
 * queue hop, answerStream.ts), asking the provider as soon as the prompt is saved; what can wait
 * (memories, answerMemory.ts, within their budget) is done beside it. The answer's tokens go to its
 * subscribers through AnswerFanout (answerFanout.ts), the finished answer is saved once
 * (finish.ts, answerWriter.ts), and AnswerLiveness (liveness.ts) keeps the heartbeat, Stop and the
 * ending of answers whose writer died (interrupted.ts; also the worker's periodic sweep).
 *
 * This class only holds the pieces together: the answers written here and their shared state.
 */
export class ChatEngine {
  private readonly running: RunningAnswers = new Map();
  private readonly writing = new Set<Promise<SavedAnswer>>();
  private readonly refusals = new PlanRefusals();
  private readonly liveness: AnswerLiveness;
  private readonly fanout: AnswerFanout;
  private readonly memory: AnswerMemory;
  private readonly answers: AnswerDeps;
  private readonly sends: SendDeps;

  constructor(
    orm: MikroORM,
    pubsub: PubSub,
    private readonly profiles: AssistantModels,
    storage: Storage,
    options: ChatEngineOptions = {
      offlineDelayMs: 12,
      heartbeatMs: 5_000,
      staleAfterMs: 30_000,
      historyBudgetTokens: 6000,
    },
    /**
     * What answers are grounded in: the passages of the asker's files (modules/knowledge) and the
     * web (modules/websearch; off by default).
     */
    grounding: { retriever: Retriever; webSearch: WebSearch; tools?: AnswerTools } = {
      retriever: new Retriever(null),
      webSearch: webSearchFrom({}),
    },
  ) {
    this.liveness = new AnswerLiveness(orm, pubsub, this.running, options);
    this.memory = new AnswerMemory(orm, pubsub);
    this.fanout = new AnswerFanout(orm, pubsub, this.running, this.liveness, options);
    this.answers = {
      orm,
      pubsub,
      profiles,
      storage,
      options,
      running: this.running,
      fanout: this.fanout,
      memory: this.memory,
      webSearch: grounding.webSearch,
      tools: grounding.tools,
    };
    this.sends = {
      profiles,
      memory: this.memory,
      refusals: this.refusals,
      memoryBudgetMs: options.memoryBudgetMs ?? MEMORY_BUDGET_MS,
      retriever: grounding.retriever,
      webSearch: grounding.webSearch,
      start: (job) => this.start(job),
    };
  }

  /** Whether "Search the web" can be asked for (a search service is configured). */
  get webSearchEnabled(): boolean {
    return this.answers.webSearch.enabled;
  }

  profileOf(id: AssistantId): ProviderProfile | undefined {
    return this.profiles.get(id);
  }

  /**
   * Saves the user's prompt and an empty answer, then starts writing the answer (send.ts). The
   * prompt follows the chat's current path, or `branch.parentId` for an edited prompt (branches.ts),
   * which keeps the images of the prompt it replaces.
   */
  send(...args: SendArgs): Promise<SendResult> {
    return sendMessage(this.sends, ...args);
  }

  /** Writes an answer again: a retry, or a new version of it (regenerate.ts). */
  regenerate(
    em: EntityManager,
    userId: string,
    messageId: string,
  ): Promise<{ message: Message; finished: Promise<SavedAnswer> }> {
    return regenerateAnswer(
      { liveness: this.liveness, retriever: this.sends.retriever, start: (job) => this.start(job) },
      em,
      userId,
      messageId,
    );
  }

  /** Stops an answer being written, wherever it is being written (see AnswerLiveness.stop). */
  stop(em: EntityManager, userId: string, messageId: string): Promise<Message> {
    return this.liveness.stop(em, userId, messageId);
  }

  /**
   * The events of one answer for its owner (see AnswerFanout.events). `em` is asked for only when
   * the answer is not written here: following one's own answer needs no database session.
   */
  events(em: () => EntityManager, userId: string, messageId: string): AsyncGenerator<AnswerEvent> {
    return this.fanout.events(em, userId, messageId);
  }

  /** A chat's messages, for loading it, with answers whose writer is gone ended first (reads.ts). */
  listMessages(
    em: EntityManager,
    userId: string,
    chatId: string,
    options: { limit?: number } = {},
  ): Promise<Message[]> {
    return readMessages(this.liveness, em, userId, chatId, options);
  }

  /** A page of a chat's messages: service.ts messagePage, whatever it takes, settled the same way. */
  messagePage(...args: Parameters<typeof messagePage>): Promise<MessagePage> {
    return readMessagePage(this.liveness, ...args);
  }

  /**
   * Writes an answer whose message is already saved (status streaming) and counted: a merge of a
   * compare's answers (modules/compare). Resolves once it is saved, however it ended.
   */
  write(job: AnswerJob): Promise<SavedAnswer> {
    return this.start(job);
  }

  /**
   * Several answers to one prompt at once (a compare, modules/compare), written as a send's are:
   * the user's memories are looked up from now on (once for all of them, beside the caller's
   * transaction), and `write` asks the providers at once, each answer with the path it follows
   * already read (`history`, newest first, the prompt first), saved only once the prompt's
   * transaction has committed (`committed`; abandoned if it fails).
   */
  answersTo(
    userId: string,
    text: string,
  ): {
    write(
      jobs: Omit<AnswerJob, 'known'>[],
      prompt: { history: Message[]; committed: Promise<void> },
    ): Promise<SavedAnswer>[];
  } {
    const lookup = this.memory.lookUp(userId, text);
    lookup.catch(() => {});
    const memory = withinBudget(lookup, this.sends.memoryBudgetMs);
    return {
      write: (jobs, { history, committed }) =>
        jobs.map((job) => {
          const timings = new SendTimings();
          timings.forAnswer(job.messageId);
          return this.start({ ...job, known: { history, memory, lookup, timings, committed } });
        }),
    };
  }

  /** Stops every answer this process is writing and waits until each is saved (for shutdown). */
  async shutdown(): Promise<void> {
    this.liveness.stopAll();
    await Promise.allSettled([...this.writing]);
  }

  /** Starts writing an answer here, kept until it is saved so that shutdown can wait for it. */
  private start(job: AnswerJob): Promise<SavedAnswer> {
    const writing = writeAnswer(this.answers, job);
    this.writing.add(writing);
    void writing.finally(() => this.writing.delete(writing)).catch(() => {});
    return writing;
  }
}
