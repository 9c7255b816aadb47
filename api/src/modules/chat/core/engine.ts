import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { AppError, badInput } from '../../../platform/errors.ts';
import { logger } from '../../../platform/logger.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import type { Storage } from '../../../platform/storage.ts';
import { parseInput } from '../../../platform/validation.ts';
import { defaultSettings, getSettings } from '../../accounts/core/service.ts';
import { dataUrlOf, requireOwnImages, storeImage } from '../../files/core/images.ts';
import { jobCall } from '../../jobs/addJob.ts';
import { type AnswerEvent, type AnswerStatus, doneEvent, publishDone } from './answerEvents.ts';
import { AnswerFanout, type DeltaPublisher } from './answerFanout.ts';
import { persistAnswer, type SavedAnswer } from './answerWriter.ts';
import type { Chat } from './Chat.ts';
import {
  type Assistant,
  type AssistantId,
  defaultAssistant,
  findAssistant,
  parseCommand,
} from './catalogue.ts';
import { buildTurns, HISTORY_LIMIT, type TurnOptions, turnsFrom } from './context.ts';
import { AnswerLiveness } from './liveness.ts';
import { Message } from './Message.ts';
import { MemoryOutlines } from './memory/outlines.ts';
import { memoriesForPrompt } from './memory/service.ts';
import { type AnswerReport, type AssistantModels, ProviderError, type ProviderProfile } from './models.ts';
import type { MeteredFeature } from './PlanLimit.ts';
import { type PromptSave, savePrompt } from './promptSave.ts';
import type { ChatEngineOptions, RunningAnswer, RunningAnswers } from './running.ts';
import { sendMessageInput } from './schemas.ts';
import { SendTimings } from './sendTimings.ts';
import { listMessages, lockChat, type MessagePage, messagePage, newChat, requireMessage } from './service.ts';
import { DEFAULT_TITLE, titleFromMessage } from './title.ts';
import { pathBack } from './tree.ts';
import { consume, refund } from './usage.ts';

export type { AnswerEvent, AnswerStatus } from './answerEvents.ts';
export type { ChatEngineOptions } from './running.ts';

export interface SendResult {
  chat: Chat;
  userMessage: Message;
  aiMessage: Message;
  modelChanged: boolean;
  activeModel: AssistantId;
  /** Resolves with the saved answer's ending once it is finished (complete, error or stopped). */
  finished: Promise<SavedAnswer>;
}

/** Stored as the `error` of a complete answer that the model ended at its output limit. */
export const LENGTH_NOTE = "This answer reached the model's length limit, so it may end abruptly.";
/** How long an answer waits for the user's memories before asking the provider without them. */
const MEMORY_BUDGET_MS = 25;
/** How long someone refused by their plan's limit has their next sends checked before asking. */
const LIMITED_FOR_MS = 60_000;

/**
 * The send path: saves the prompt and an empty answer, then writes the answer in the api process
 * that received the prompt (no queue hop), asking the provider as soon as the prompt is saved;
 * what can wait (memories, within MEMORY_BUDGET_MS) is done beside it. The answer's tokens go to
 * its subscribers through AnswerFanout (answerFanout.ts), the finished answer is saved once
 * (answerWriter.ts), and AnswerLiveness (liveness.ts) keeps the heartbeat, Stop and the ending of
 * answers whose writer died (interrupted.ts; also the worker's periodic sweep).
 */
export class ChatEngine {
  private readonly running: RunningAnswers = new Map();
  private readonly writing = new Set<Promise<SavedAnswer>>();
  /** `userId:feature` -> when a send was last refused by the plan's limit (see send). */
  private readonly limited = new Map<string, number>();
  private readonly liveness: AnswerLiveness;
  private readonly fanout: AnswerFanout;
  private readonly memoryOutlines: MemoryOutlines;

  constructor(
    private readonly orm: MikroORM,
    private readonly pubsub: PubSub,
    private readonly profiles: AssistantModels,
    private readonly storage: Storage,
    private readonly options: ChatEngineOptions = {
      offlineDelayMs: 12,
      heartbeatMs: 5_000,
      staleAfterMs: 30_000,
      historyBudgetTokens: 6000,
    },
  ) {
    this.liveness = new AnswerLiveness(orm, pubsub, this.running, options);
    this.memoryOutlines = new MemoryOutlines(pubsub);
    this.fanout = new AnswerFanout(orm, pubsub, this.running, this.liveness, options);
  }

  profileOf(id: AssistantId): ProviderProfile | undefined {
    return this.profiles.get(id);
  }

  /**
   * Saves the user's prompt and an empty answer, then starts writing the answer. The prompt follows
   * the chat's current path, or `branch.parentId` for an edited prompt (branches.ts), which keeps
   * the images of the prompt it replaces.
   */
  async send(
    em: EntityManager,
    userId: string,
    chatId: string | null,
    input: unknown,
    branch?: { parentId: string | null; images: string[] },
  ): Promise<SendResult> {
    const timings = new SendTimings();
    const data = parseInput(sendMessageInput, input);
    const text = data.content.trim();
    if (!text) throw badInput('Message cannot be empty');
    const { assistant: commanded, rest } = parseCommand(text);
    if (commanded?.kind === 'video' || (!commanded && data.assistantId === 'video')) {
      throw badInput('@video opens the video generator; it does not answer in the chat');
    }
    if (commanded && !rest) throw badInput(`Add a message after ${commanded.command}`);
    timings.mark('validated');

    // What can wait does not hold up the provider: the user's memories are looked up beside the
    // transaction (the answer asks without them if they take too long), and the plan check and the
    // saves run while the provider is already being asked (see `finished` below). For a new chat
    // the memories are all the provider waits for, so they are asked for first.
    const memory = this.memoryLookup(userId, text);
    memory.then(
      () => timings.mark('memoryReady'),
      () => {},
    );
    let finished: Promise<SavedAnswer> | undefined;
    let commit!: { resolve: () => void; reject: (reason: unknown) => void };
    const committed = new Promise<void>((resolve, reject) => {
      commit = { resolve, reject };
    });
    // Rejected too when the send fails before its answer was started; the send's caller gets the error.
    committed.catch(() => {});
    // A new chat without images is saved by one statement, atomic by itself; an existing chat is
    // locked until its prompt is saved (prompts sent to it at once follow one another), and two
    // counts (images) are undone together if the second is refused: those take a transaction.
    const inTransaction = chatId !== null || (branch?.images ?? data.imageIds ?? []).length > 0;
    const steps = async (db: EntityManager) => {
      timings.mark('begun');
      const chat = chatId
        ? await lockChat(db, userId, chatId)
        : newChat(db, userId, { mode: data.mode ?? null }, { persist: false });
      const assistant =
        commanded ?? findAssistant(data.assistantId) ?? findAssistant(chat.activeModel) ?? defaultAssistant;
      const modelChanged = assistant.id !== chat.activeModel;
      chat.activeModel = assistant.id;
      if (data.mode !== undefined) chat.mode = data.mode;
      const images =
        branch?.images ?? (await requireOwnImages(db, userId, data.imageIds ?? [])).map((f) => f.storageKey);
      if (images.length > 0) {
        if (assistant.kind !== 'chat')
          throw badInput(`${assistant.name} can't take images; attach them for a chat assistant`);
        const profile = this.profiles.get(assistant.id);
        if (profile?.apiKey && !profile.vision) {
          throw badInput(
            `${assistant.name} can't see images. Switch to an assistant that can, such as GPT or Gemini.`,
          );
        }
      }
      // What this prompt counts against: its assistant's feature, and image analysis with images.
      const counted: MeteredFeature[] = [
        usedFeature(assistant),
        ...(images.length > 0 ? ['image_analysis' as const] : []),
      ];

      // The turns the answer continues on its path (none in a new chat), read once for the title
      // and the provider.
      const parentId = branch ? branch.parentId : (chat.currentMessageId ?? null);
      const earlier = parentId ? await pathBack(db, parentId, HISTORY_LIMIT - 1) : [];
      if (chat.title === DEFAULT_TITLE || (earlier.length === 0 && !branch))
        chat.title = titleFromMessage(text) ?? chat.title;
      const now = new Date();
      const userMessage = db.create(
        Message,
        {
          id: randomUUID(),
          chat,
          role: 'user',
          content: text,
          model: assistant.id,
          images,
          parentId,
          status: 'complete',
          createdAt: now,
          updatedAt: now,
        },
        { persist: false },
      );
      // One millisecond later, so the answer always sorts after its prompt.
      const later = new Date(now.getTime() + 1);
      const aiMessage = db.create(
        Message,
        {
          id: randomUUID(),
          chat,
          role: 'assistant',
          content: '',
          model: assistant.id,
          images: [],
          status: 'streaming',
          parentId: userMessage.id,
          createdAt: later,
          updatedAt: later,
        },
        { persist: false },
      );
      chat.currentMessageId = aiMessage.id;
      chat.updatedAt = later;
      const prompt = { userId, counted, chat, isNew: !chatId, userMessage, aiMessage };

      // Someone at one of these limits a moment ago is checked before the provider is asked, so a
      // client retrying at its limit doesn't start (and abort) a request per try.
      const checkFirst = counted.some(
        (f) => Date.now() - (this.limited.get(`${userId}:${f}`) ?? 0) < LIMITED_FOR_MS,
      );
      if (checkFirst) await this.savePrompt(db, prompt);

      // Asked now, with everything the request needs in hand; the answer is saved only once the
      // prompt is, and is abandoned (the request aborted) if it isn't: over the plan's limit, or any
      // failure to save the prompt.
      timings.forAnswer(aiMessage.id);
      finished = this.track(
        this.write(userId, chat, aiMessage.id, assistant, true, {
          history: [userMessage, ...earlier],
          memory: withinBudget(memory, MEMORY_BUDGET_MS),
          lookup: memory,
          timings,
          committed,
        }),
      );

      if (!checkFirst) await this.savePrompt(db, prompt);
      timings.mark('planChecked');
      timings.mark('inserted');
      return { chat, userMessage, aiMessage, modelChanged, assistant };
    };
    let saved: Awaited<ReturnType<typeof steps>>;
    try {
      saved = inTransaction ? await em.transactional(steps) : await steps(em);
    } catch (e) {
      commit.reject(e);
      // The answer was never saved: nobody waits for it.
      finished?.catch(() => {});
      throw e;
    }
    commit.resolve();
    timings.mark('committed');

    return {
      chat: saved.chat,
      userMessage: saved.userMessage,
      aiMessage: saved.aiMessage,
      modelChanged: saved.modelChanged,
      activeModel: saved.assistant.id,
      finished: finished!,
    };
  }

  /** Saves a prompt (promptSave.ts); a refusal by the plan is remembered for a minute (see `limited`). */
  private async savePrompt(em: EntityManager, prompt: PromptSave): Promise<void> {
    try {
      await savePrompt(em, prompt);
      for (const f of prompt.counted) this.limited.delete(`${prompt.userId}:${f}`);
    } catch (e) {
      if (e instanceof AppError && e.code === 'PAYMENT_REQUIRED') {
        if (this.limited.size > 10_000) this.limited.clear();
        // The feature refused (usage.ts overLimit): only its limit has been reached.
        const refused = e.details?.feature;
        for (const f of prompt.counted)
          if (refused === undefined || f === refused) this.limited.set(`${prompt.userId}:${f}`, Date.now());
      }
      throw e;
    }
  }

  /**
   * Writes an answer again: the retry after an error rewrites it; "regenerate" of an answer the
   * user got writes a new version beside it (the same prompt), which becomes the chat's path.
   */
  async regenerate(
    em: EntityManager,
    userId: string,
    messageId: string,
  ): Promise<{ message: Message; finished: Promise<SavedAnswer> }> {
    const message = await requireMessage(em, userId, messageId);
    if (message.role !== 'assistant') throw badInput('Only an answer can be regenerated');
    if (message.status === 'streaming') {
      // Unless its writer is gone: then it ends as interrupted, and the retry is free.
      if ((await this.liveness.endIfInterrupted([messageId])).size === 0)
        throw badInput('This answer is still being written');
      await em.refreshOrFail(message);
    }
    const assistant = findAssistant(message.model) ?? defaultAssistant;
    // A retry after a failure is free; another version of an answer the user got (whole, or cut
    // short by their own Stop) is a prompt like a new one.
    const charged = message.status === 'complete' || message.status === 'stopped';
    if (charged) await consume(em, userId, usedFeature(assistant));
    const chat = message.chat as Chat;
    if (charged) {
      const now = new Date();
      const version = em.create(Message, {
        chat,
        role: 'assistant',
        content: '',
        model: message.model ?? assistant.id,
        images: [],
        status: 'streaming',
        parentId: message.parentId ?? null,
        createdAt: now,
        updatedAt: now,
      });
      chat.currentMessageId = version.id;
      chat.updatedAt = now;
      await em.flush();
      return {
        message: version,
        finished: this.track(this.write(userId, chat, version.id, assistant, true)),
      };
    }
    message.content = '';
    message.status = 'streaming';
    message.error = null;
    await em.flush();
    return { message, finished: this.track(this.write(userId, chat, message.id, assistant, charged)) };
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

  /**
   * A chat's messages, for loading it: answers left `streaming` by a writer that is gone are
   * ended as interrupted first, so nobody waits for them.
   */
  async listMessages(
    em: EntityManager,
    userId: string,
    chatId: string,
    options: { limit?: number } = {},
  ): Promise<Message[]> {
    return this.settleInterrupted(em, await listMessages(em, userId, chatId, options));
  }

  /** A page of a chat's messages: service.ts messagePage, whatever it takes, settled the same way. */
  async messagePage(...args: Parameters<typeof messagePage>): Promise<MessagePage> {
    const page = await messagePage(...args);
    const [em] = args;
    await this.settleInterrupted(em, page.items);
    return page;
  }

  private async settleInterrupted(em: EntityManager, messages: Message[]): Promise<Message[]> {
    const writing = messages.filter((m) => m.status === 'streaming').map((m) => m.id);
    if (writing.length === 0) return messages;
    const ended = await this.liveness.endIfInterrupted(writing);
    for (const message of messages) if (ended.has(message.id)) await em.refreshOrFail(message);
    return messages;
  }

  private track(writing: Promise<SavedAnswer>): Promise<SavedAnswer> {
    this.writing.add(writing);
    void writing.finally(() => this.writing.delete(writing)).catch(() => {});
    return writing;
  }

  /** Stops every answer this process is writing and waits until each is saved (for shutdown). */
  async shutdown(): Promise<void> {
    this.liveness.stopAll();
    await Promise.allSettled([...this.writing]);
  }

  /** `charged`: a use was counted for this answer, to be given back if it fails with nothing written. */
  private async write(
    userId: string,
    chat: Chat,
    messageId: string,
    assistant: Assistant,
    charged: boolean,
    known?: {
      history: Message[];
      /** The memories if they came within their budget, else null. */
      memory: Promise<Memory | null>;
      /** The lookup itself, which may still finish after the budget. */
      lookup: Promise<Memory>;
      timings: SendTimings;
      /** Settles when the send's transaction ends: the answer is saved only if the prompt was. */
      committed: Promise<void>;
    },
  ): Promise<SavedAnswer> {
    const run: RunningAnswer = {
      userId,
      text: '',
      abort: new AbortController(),
      followed: false,
      remoteFrom: null,
      stored: !known,
    };
    this.running.set(messageId, run);
    // A prompt that was not saved (over the limit, or the save failed) takes its answer with it.
    known?.committed.then(
      () => {
        run.stored = true;
      },
      () => run.abort.abort(),
    );
    const deltas = this.fanout.publisher(messageId, run);
    let status: AnswerStatus = 'complete';
    let error: string | null = null;
    let memory: Memory | null = null;
    const generatedKeys: string[] = [];
    let report: AnswerReport = { tokens: null, model: null };
    try {
      const em = this.orm.em.fork();
      const profile = this.profiles.get(assistant.id);
      memory = known ? await known.memory : await this.memoryLookup(userId, null, chat.id, messageId);
      known?.timings.mark('memoryDone');
      if (assistant.kind === 'image' && profile?.apiKey) {
        // @image answers with a picture, stored as the user's file and shown inline. It takes
        // seconds anyway, so it waits for the prompt to be saved (and counted) before it starts.
        await known?.committed;
        const prompt = parseCommand((await this.promptOf(em, chat.id, messageId))?.content ?? '').rest;
        const image = await this.profiles.generateImage(assistant, profile, prompt, run.abort.signal);
        const ext = image.contentType.split('/')[1] ?? 'png';
        const file = await storeImage(
          em,
          this.storage,
          userId,
          {
            name: `${prompt.slice(0, 60) || 'image'}.${ext}`,
            bytes: image.bytes,
            contentType: image.contentType,
            ext,
          },
          'generated_image',
        );
        run.text = `![${prompt.replace(/[[\]]/g, '')}](${this.storage.privateUrlOf(file.storageKey)})`;
        deltas.delta(0, run.text);
        generatedKeys.push(file.storageKey);
      } else {
        const options: TurnOptions = {
          assistant,
          systemPrompt: profile?.systemPrompt ?? '',
          mode: chat.mode ?? null,
          budgetTokens: this.options.historyBudgetTokens,
          extraSystem: memory?.prompt ?? [],
          imageUrls: async (keys) => Promise.all(keys.map(async (key) => dataUrlOf(this.storage, key))),
        };
        const turns = known
          ? await turnsFrom(known.history, options)
          : await buildTurns(em, { ...options, chatId: chat.id, answerId: messageId });
        known?.timings.mark('providerCall');
        for await (const delta of this.profiles.streamAnswer(assistant, profile, turns, run.abort.signal, {
          offlineDelayMs: this.options.offlineDelayMs,
          // Kept as a complete answer (it is one, and Retry would likely stop at the same place),
          // with a note saying why it ends where it does.
          onEnd: (end) => {
            if (end === 'length') error = LENGTH_NOTE;
          },
          onReport: (reported) => {
            report = reported;
          },
        })) {
          if (!run.text && known) {
            known.timings.mark('firstToken');
          }
          deltas.delta(run.text.length, delta);
          run.text += delta;
        }
      }
      if (run.abort.signal.aborted) status = 'stopped';
    } catch (e) {
      if (run.abort.signal.aborted) {
        // Stop pressed before the provider answered: the same outcome as a Stop mid-answer.
        status = 'stopped';
      } else {
        status = 'error';
        error = e instanceof ProviderError ? e.message : 'The answer failed unexpectedly. Please try again.';
        if (!(e instanceof ProviderError)) logger.error({ err: e, messageId }, 'answer failed');
      }
    }
    // Still listed as running until its end is published, so a subscriber arriving meanwhile (the
    // provider can finish before the sender has even subscribed) follows it here instead of finding
    // it neither running nor saved.
    try {
      return await this.finish(userId, messageId, assistant, charged, run, deltas, {
        status,
        error,
        memory,
        generatedKeys,
        report,
        known,
      });
    } finally {
      this.running.delete(messageId);
    }
  }

  /** Saves a written answer (once its prompt is saved), publishes its end, and refunds a failed one. */
  private async finish(
    userId: string,
    messageId: string,
    assistant: Assistant,
    charged: boolean,
    run: RunningAnswer,
    deltas: DeltaPublisher,
    outcome: {
      status: AnswerStatus;
      error: string | null;
      memory: Memory | null;
      generatedKeys: string[];
      report: AnswerReport;
      known?: { lookup: Promise<Memory>; committed: Promise<void> };
    },
  ): Promise<SavedAnswer> {
    const { status, error, memory, generatedKeys, report, known } = outcome;
    await deltas.flush();
    if (known) await known.committed;
    // Whether to learn from the answer: known by now even when the memories missed their budget
    // (the provider was not kept waiting for it).
    const memoryOn =
      memory?.enabled ??
      (await known?.lookup.catch(() => null))?.enabled ??
      (await getSettings(this.orm.em.fork(), userId).then(
        (s) => s.memoryEnabled,
        () => false,
      ));
    // The finished answer, the job that learns from it and its `done` for the other processes are
    // committed together; this process's subscribers hear it once it is.
    const done = doneEvent({
      messageId,
      text: run.text,
      status,
      error,
      tokens: report.tokens,
      modelName: report.model?.slice(0, 100) ?? null,
    });
    const { saved, endedHere } = await persistAnswer(
      this.orm,
      messageId,
      {
        content: run.text,
        status,
        error,
        ...(generatedKeys.length ? { images: generatedKeys } : {}),
        tokens: report.tokens,
        modelName: report.model,
      },
      {
        job:
          status === 'complete' && memoryOn
            ? jobCall(
                'distil_memories',
                { userId, answerId: messageId },
                { jobKey: `distil_memories:${messageId}` },
              )
            : undefined,
        notify: { channel: done.channel, payload: this.pubsub.remotePayload(done.remote) },
      },
    );
    if (endedHere) this.pubsub.publishLocal(done.channel, done.local);
    else
      await publishDone(this.pubsub, {
        messageId,
        text: saved.content,
        status: saved.status,
        error: saved.error,
        tokens: saved.tokens,
        modelName: saved.modelName,
      });
    if (saved.status === 'error' && status === 'error' && !run.text && charged) {
      await refund(this.orm.em.fork(), userId, usedFeature(assistant)).catch(() => {});
    }
    return saved;
  }

  /**
   * The user's prompt an answer replies to: the last one before it, which is not the chat's newest
   * when an older answer is written again.
   */
  private async promptOf(em: EntityManager, chatId: string, answerId: string): Promise<Message | null> {
    const answer = await em.findOneOrFail(Message, { id: answerId });
    if (answer.parentId) return em.findOne(Message, { id: answer.parentId, role: 'user' });
    return em.findOne(
      Message,
      { chat: chatId, role: 'user', createdAt: { $lt: answer.createdAt } },
      { orderBy: { createdAt: 'desc' } },
    );
  }

  /**
   * Whether the user has memory on and, if so, what the assistant should know about them from
   * earlier chats for this prompt (`prompt`, else the one the answer replies to).
   */
  private async memoryLookup(
    userId: string,
    prompt: string | null,
    chatId?: string,
    answerId?: string,
  ): Promise<Memory> {
    const nothing = this.memoryOutlines.nothingToLookUp(userId);
    if (nothing) return { enabled: nothing.enabled, prompt: [] };
    const em = this.orm.em.fork();
    const text = prompt ?? (await this.promptOf(em, chatId!, answerId!))?.content ?? '';
    const { enabled, facts } = await this.memoryOutlines.lookUp(userId, () =>
      memoriesForPrompt(em, userId, text, defaultSettings.memoryEnabled),
    );
    if (facts.length === 0) return { enabled, prompt: [] };
    return {
      enabled,
      prompt: [
        `What you remember about the user from earlier conversations (use it when relevant, don't recite it):\n${facts.map((f) => `- ${f}`).join('\n')}`,
      ],
    };
  }
}

interface Memory {
  enabled: boolean;
  prompt: string[];
}

/** What an answer by this assistant counts against: a picture, or a prompt. */
const usedFeature = (assistant: Assistant): MeteredFeature =>
  assistant.kind === 'image' ? 'image_generation' : 'prompts';

/** The promise's value if it settles within `ms`, else null (also when it fails). */
function withinBudget<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}
