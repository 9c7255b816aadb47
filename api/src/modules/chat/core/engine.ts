import { type EntityManager, LockMode, type MikroORM } from '@mikro-orm/postgresql';
import { badInput } from '../../../platform/errors.ts';
import { logger } from '../../../platform/logger.ts';
import type { PubSub } from '../../../platform/pubsub.ts';
import type { Storage } from '../../../platform/storage.ts';
import { parseInput } from '../../../platform/validation.ts';
import { getSettings } from '../../accounts/core/service.ts';
import { dataUrlOf, requireOwnImages, storeImage } from '../../files/core/images.ts';
import { addJob } from '../../jobs/addJob.ts';
import type { ProviderProfile, ProviderProfiles } from '../providers/profiles.ts';
import { generateImage, ProviderError, streamAnswer } from '../providers/providers.ts';
import { type AnswerEvent, type AnswerStatus, answerChannel, publishDone } from './answerEvents.ts';
import type { Chat } from './Chat.ts';
import {
  type Assistant,
  type AssistantId,
  defaultAssistant,
  findAssistant,
  parseCommand,
} from './catalogue.ts';
import { buildTurns } from './context.ts';
import { endInterruptedAnswers, INTERRUPTED_MESSAGE } from './interrupted.ts';
import { Message } from './Message.ts';
import { relevantMemories } from './memory/service.ts';
import { sendMessageInput } from './schemas.ts';
import { createChat, listMessages, requireChat, requireMessage } from './service.ts';
import { DEFAULT_TITLE, titleFromMessage } from './title.ts';
import { consume, refund } from './usage.ts';

export type { AnswerEvent, AnswerStatus } from './answerEvents.ts';

export interface SendResult {
  chat: Chat;
  userMessage: Message;
  aiMessage: Message;
  modelChanged: boolean;
  activeModel: AssistantId;
  /** Resolves with the saved answer once it is finished (complete, error or stopped). */
  finished: Promise<Message>;
}

interface Running {
  text: string;
  abort: AbortController;
}

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
}

const CONTROL = 'answer_control';
const REMOTE_BATCH_MS = 15;
/** Characters per remote delta: even escaped to JSON they stay inside a NOTIFY payload. */
const REMOTE_SLICE_CHARS = 1000;
/** How long Stop waits for a remote writer to end an answer before ending it itself. */
const STOP_GRACE_MS = 2000;
/** Stored as the `error` of a complete answer that the model ended at its output limit. */
export const LENGTH_NOTE = "This answer reached the model's length limit, so it may end abruptly.";
/** How long a subscriber joining mid-answer waits for another process to save the text so far. */
const SNAPSHOT_WAIT_MS = 500;

/**
 * Writes answers. Answers stream in the api process that received the prompt (no queue hop),
 * token by token to every subscriber through the pub/sub, whichever api process they are
 * connected to; the finished answer is saved once. Partial text is also saved every heartbeat
 * (which tells other processes this one is alive), and on request of a subscriber that joins
 * mid-answer in another process. An answer whose writer died is ended as interrupted
 * (interrupted.ts) when someone looks at it, and by the worker's periodic sweep.
 */
export class ChatEngine {
  private readonly running = new Map<string, Running>();
  private readonly writing = new Set<Promise<Message>>();
  private readonly heartbeat: NodeJS.Timeout;
  private beating = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly pubsub: PubSub,
    private readonly profiles: ProviderProfiles,
    private readonly storage: Storage,
    private readonly options: ChatEngineOptions = {
      offlineDelayMs: 12,
      heartbeatMs: 5_000,
      staleAfterMs: 30_000,
      historyBudgetTokens: 6000,
    },
  ) {
    void pubsub.subscribe(CONTROL, (payload) => void this.onControl(payload)).catch(() => {});
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
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
    const data = parseInput(sendMessageInput, input);
    const text = data.content.trim();
    if (!text) throw badInput('Message cannot be empty');
    const { assistant: commanded, rest } = parseCommand(text);
    if (commanded?.kind === 'video' || (!commanded && data.assistantId === 'video')) {
      throw badInput('@video opens the video generator; it does not answer in the chat');
    }
    if (commanded && !rest) throw badInput(`Add a message after ${commanded.command}`);

    const saved = await em.transactional(async (tx) => {
      const chat = chatId
        ? await requireChat(tx, userId, chatId)
        : await createChat(tx, userId, { mode: data.mode ?? null });
      const assistant =
        commanded ?? findAssistant(data.assistantId) ?? findAssistant(chat.activeModel) ?? defaultAssistant;
      // The chat's row is locked until the prompt is saved, so prompts sent at once follow one another.
      const [leaf] = chatId
        ? await tx.execute<{ current_message_id: string | null }[]>(
            'select current_message_id from chats where id = ? for update',
            [chat.id],
          )
        : [];
      const modelChanged = assistant.id !== chat.activeModel;
      chat.activeModel = assistant.id;
      if (data.mode !== undefined) chat.mode = data.mode;
      // Counted inside the transaction: if saving fails, the count is rolled back with it.
      await consume(tx, userId, assistant.kind === 'image' ? 'image_generation' : 'prompts');
      const images =
        branch?.images ?? (await requireOwnImages(tx, userId, data.imageIds ?? [])).map((f) => f.storageKey);
      if (images.length > 0) {
        if (assistant.kind !== 'chat')
          throw badInput(`${assistant.name} can't take images; attach them for a chat assistant`);
        const profile = this.profiles.get(assistant.id);
        if (profile?.apiKey && !profile.vision) {
          throw badInput(
            `${assistant.name} can't see images. Switch to an assistant that can, such as GPT or Gemini.`,
          );
        }
        await consume(tx, userId, 'image_analysis');
      }

      const earlier = await tx.count(Message, { chat: chat.id });
      if (chat.title === DEFAULT_TITLE || earlier === 0) chat.title = titleFromMessage(text) ?? chat.title;
      const now = new Date();
      const userMessage = tx.create(Message, {
        chat,
        role: 'user',
        content: text,
        model: assistant.id,
        images,
        parentId: branch ? branch.parentId : (leaf?.current_message_id ?? null),
        createdAt: now,
        updatedAt: now,
      });
      // One millisecond later, so the answer always sorts after its prompt.
      const later = new Date(now.getTime() + 1);
      const aiMessage = tx.create(Message, {
        chat,
        role: 'assistant',
        content: '',
        model: assistant.id,
        images: [],
        status: 'streaming',
        parentId: userMessage.id,
        createdAt: later,
        updatedAt: later,
      });
      chat.currentMessageId = aiMessage.id;
      chat.updatedAt = later;
      await tx.flush();
      return { chat, userMessage, aiMessage, modelChanged, assistant };
    });

    const finished = this.track(this.write(userId, saved.chat, saved.aiMessage.id, saved.assistant, true));
    return {
      chat: saved.chat,
      userMessage: saved.userMessage,
      aiMessage: saved.aiMessage,
      modelChanged: saved.modelChanged,
      activeModel: saved.assistant.id,
      finished,
    };
  }

  /**
   * Writes an answer again: the retry after an error rewrites it; "regenerate" of an answer the
   * user got writes a new version beside it (the same prompt), which becomes the chat's path.
   */
  async regenerate(
    em: EntityManager,
    userId: string,
    messageId: string,
  ): Promise<{ message: Message; finished: Promise<Message> }> {
    const message = await requireMessage(em, userId, messageId);
    if (message.role !== 'assistant') throw badInput('Only an answer can be regenerated');
    if (message.status === 'streaming') {
      // Unless its writer is gone: then it ends as interrupted, and the retry is free.
      if ((await this.endIfInterrupted([messageId])).size === 0)
        throw badInput('This answer is still being written');
      await em.refreshOrFail(message);
    }
    const assistant = findAssistant(message.model) ?? defaultAssistant;
    // A retry after a failure is free; another version of an answer the user got (whole, or cut
    // short by their own Stop) is a prompt like a new one.
    const charged = message.status === 'complete' || message.status === 'stopped';
    if (charged) await consume(em, userId, assistant.kind === 'image' ? 'image_generation' : 'prompts');
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
    const messages = await listMessages(em, userId, chatId, options);
    const writing = messages.filter((m) => m.status === 'streaming').map((m) => m.id);
    if (writing.length === 0) return messages;
    const ended = await this.endIfInterrupted(writing);
    for (const message of messages) if (ended.has(message.id)) await em.refreshOrFail(message);
    return messages;
  }

  /** Ends those of these answers whose writer is gone; never one this process is writing. */
  private async endIfInterrupted(messageIds: string[]): Promise<Set<string>> {
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
  private async endingOf(messageId: string): Promise<AnswerEvent | null> {
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
    return {
      messageId,
      kind: 'done',
      offset: 0,
      text: message.content,
      status: message.status,
      error: message.error ?? null,
    };
  }

  /**
   * Saves the text so far of every answer this process is writing, in one statement; the touch is
   * also what tells other processes the writer is alive. An answer no longer streaming in the
   * database was ended elsewhere (this process was taken for dead, or the chat was deleted), so
   * writing it stops.
   */
  private async beat(): Promise<void> {
    if (this.running.size === 0 || this.beating) return;
    this.beating = true;
    const answers = [...this.running].map(([id, run]) => ({ id, content: run.text }));
    try {
      const rows = await this.orm.em.fork().execute<{ id: string }[]>(
        `update messages m set content = v.content, updated_at = now()
           from json_to_recordset(?::json) as v(id uuid, content text)
          where m.id = v.id and m.status = 'streaming'
          returning m.id`,
        [JSON.stringify(answers)],
      );
      const alive = new Set(rows.map((r) => r.id));
      for (const { id } of answers) if (!alive.has(id)) this.running.get(id)?.abort.abort();
    } catch (err) {
      logger.warn({ err }, 'answer heartbeat failed');
    } finally {
      this.beating = false;
    }
  }

  /**
   * The events of one answer for its owner: a snapshot of the text so far, then the rest as it
   * arrives, in order and without gaps or repeats, then `done`. Works whichever api process is
   * writing the answer, and for answers already finished (a snapshot and `done`).
   */
  async *events(em: EntityManager, userId: string, messageId: string): AsyncGenerator<AnswerEvent> {
    await requireMessage(em, userId, messageId);
    const queue: AnswerEvent[] = [];
    let wake: (() => void) | undefined;
    let persisted: (() => void) | undefined;
    const unsubscribe = await this.pubsub.subscribe(answerChannel(messageId), (payload) => {
      const event = JSON.parse(payload) as AnswerEvent;
      if (event.kind === 'persisted') persisted?.();
      else queue.push(event);
      wake?.();
    });
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
          const ending = await this.endingOf(messageId);
          if (ending) queue.push(ending);
        }
        for (let event of queue.splice(0)) {
          if (event.kind === 'ended') event = (await this.endingOf(messageId)) ?? event;
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
      await unsubscribe();
    }
  }

  private async snapshot(messageId: string, writerSaved: () => Promise<void>): Promise<AnswerEvent> {
    const local = this.running.get(messageId);
    if (local)
      return { messageId, kind: 'snapshot', offset: 0, text: local.text, status: 'streaming', error: null };
    // Written elsewhere (or finished): ask the writer to save what it has, wait until it says it
    // has (or a moment, if no process is writing it), then read it.
    const em = this.orm.em.fork();
    let message = await em.findOneOrFail(Message, { id: messageId });
    if (message.status === 'streaming') {
      const saved = writerSaved();
      await this.pubsub.publish(CONTROL, JSON.stringify({ persist: messageId })).catch(() => {});
      await saved;
      message = await em.refreshOrFail(message);
      if (message.status === 'streaming' && (await this.endIfInterrupted([messageId])).size > 0)
        message = await em.refreshOrFail(message);
    }
    const kind = message.status === 'streaming' ? 'snapshot' : 'done';
    return {
      messageId,
      kind,
      offset: 0,
      text: message.content,
      status: message.status,
      error: message.error ?? null,
    };
  }

  private async onControl(payload: string): Promise<void> {
    const command = JSON.parse(payload) as { stop?: string; persist?: string };
    if (command.stop) this.abortLocal(command.stop);
    if (command.persist && this.running.has(command.persist)) {
      await this.savePartial(command.persist, this.running.get(command.persist)!.text);
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

  private track(writing: Promise<Message>): Promise<Message> {
    this.writing.add(writing);
    void writing.finally(() => this.writing.delete(writing)).catch(() => {});
    return writing;
  }

  /** Stops every answer this process is writing and waits until each is saved (for shutdown). */
  async shutdown(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const run of this.running.values()) run.abort.abort();
    await Promise.allSettled([...this.writing]);
  }

  private abortLocal(messageId: string): boolean {
    const run = this.running.get(messageId);
    run?.abort.abort();
    return !!run;
  }

  /** `charged`: a use was counted for this answer, to be given back if it fails with nothing written. */
  private async write(
    userId: string,
    chat: Chat,
    messageId: string,
    assistant: Assistant,
    charged: boolean,
  ): Promise<Message> {
    const run: Running = { text: '', abort: new AbortController() };
    this.running.set(messageId, run);
    const channel = answerChannel(messageId);
    // Subscribers in this process get every token at once; other processes get the tokens of
    // each REMOTE_BATCH_MS window as one NOTIFY, which keeps the database out of the token path.
    const remote = { offset: 0, text: '', timer: undefined as NodeJS.Timeout | undefined };
    const flushRemote = async () => {
      clearTimeout(remote.timer);
      remote.timer = undefined;
      if (!remote.text) return;
      const { offset, text } = remote;
      remote.text = '';
      for (let at = 0; at < text.length; at += REMOTE_SLICE_CHARS) {
        const event: AnswerEvent = {
          messageId,
          kind: 'delta',
          offset: offset + at,
          text: text.slice(at, at + REMOTE_SLICE_CHARS),
          status: 'streaming',
          error: null,
        };
        await this.pubsub
          .publishRemote(channel, JSON.stringify(event))
          .catch((err) => logger.warn({ err }, 'answer event lost'));
      }
    };
    const publishDelta = (offset: number, text: string) => {
      const event: AnswerEvent = { messageId, kind: 'delta', offset, text, status: 'streaming', error: null };
      this.pubsub.publishLocal(channel, JSON.stringify(event));
      if (!remote.text) remote.offset = offset;
      remote.text += text;
      remote.timer ??= setTimeout(() => void flushRemote(), REMOTE_BATCH_MS);
    };
    let status: AnswerStatus = 'complete';
    let error: string | null = null;
    let memoryOn = false;
    const generatedKeys: string[] = [];
    try {
      const em = this.orm.em.fork();
      const profile = this.profiles.get(assistant.id);
      memoryOn = (await getSettings(em, userId)).memoryEnabled;
      if (assistant.kind === 'image' && profile?.apiKey) {
        // @image answers with a picture, stored as the user's file and shown inline.
        const prompt = parseCommand((await this.promptOf(em, chat.id, messageId))?.content ?? '').rest;
        const image = await generateImage(assistant, profile, prompt, run.abort.signal);
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
        publishDelta(0, run.text);
        generatedKeys.push(file.storageKey);
      } else {
        const turns = await buildTurns(em, {
          chatId: chat.id,
          answerId: messageId,
          assistant,
          systemPrompt: profile?.systemPrompt ?? '',
          mode: chat.mode ?? null,
          budgetTokens: this.options.historyBudgetTokens,
          extraSystem: memoryOn ? await this.memoryPrompt(em, userId, chat.id, messageId) : [],
          imageUrls: async (keys) => Promise.all(keys.map(async (key) => dataUrlOf(this.storage, key))),
        });
        for await (const delta of streamAnswer(assistant, profile, turns, run.abort.signal, {
          offlineDelayMs: this.options.offlineDelayMs,
          // Kept as a complete answer (it is one, and Retry would likely stop at the same place),
          // with a note saying why it ends where it does.
          onEnd: (end) => {
            if (end === 'length') error = LENGTH_NOTE;
          },
        })) {
          publishDelta(run.text.length, delta);
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
    } finally {
      this.running.delete(messageId);
    }
    await flushRemote();
    // The finished answer and the job that learns from it are committed together.
    const saved = await this.persist(
      messageId,
      run.text,
      status,
      error,
      async (em) => {
        if (status === 'complete' && memoryOn) {
          await addJob(
            em,
            'distil_memories',
            { userId, answerId: messageId },
            { jobKey: `distil_memories:${messageId}` },
          );
        }
      },
      generatedKeys.length ? generatedKeys : undefined,
    );
    await publishDone(this.pubsub, {
      messageId,
      text: saved.content,
      status: saved.status,
      error: saved.error ?? null,
    });
    if (saved.status === 'error' && status === 'error' && !run.text && charged) {
      await refund(
        this.orm.em.fork(),
        userId,
        assistant.kind === 'image' ? 'image_generation' : 'prompts',
      ).catch(() => {});
    }
    return saved;
  }

  private async persist(
    messageId: string,
    content: string,
    status: AnswerStatus,
    error: string | null,
    alsoInTransaction?: (em: EntityManager) => Promise<void>,
    images?: string[],
  ): Promise<Message> {
    return this.orm.em.fork().transactional(async (em) => {
      // Locked, so an ending written elsewhere meanwhile (the interrupted-answers sweep, a Stop from
      // another process) either committed first and is seen here, or waits and then finds this one.
      const message = await em.findOneOrFail(
        Message,
        { id: messageId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      // Already ended by someone else (taken for an interrupted answer, or stopped from outside
      // while this process was unreachable): that ending stands.
      if (message.status !== 'streaming') return message;
      message.content = content;
      message.status = status;
      message.error = error;
      if (images) message.images = images;
      await em.flush();
      await alsoInTransaction?.(em);
      return message;
    });
  }

  /**
   * Saves the text so far of an answer still being written: one plain UPDATE (this runs while
   * tokens stream), which never touches an answer that has already been finished.
   */
  private async savePartial(messageId: string, content: string): Promise<void> {
    await this.orm.em
      .fork()
      .execute(`update messages set content = ?, updated_at = now() where id = ? and status = 'streaming'`, [
        content,
        messageId,
      ]);
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

  /** What the assistant should know about the user from earlier chats, for this prompt. */
  private async memoryPrompt(
    em: EntityManager,
    userId: string,
    chatId: string,
    answerId: string,
  ): Promise<string[]> {
    const prompt = await this.promptOf(em, chatId, answerId);
    const facts = await relevantMemories(em, userId, prompt?.content ?? '');
    if (facts.length === 0) return [];
    return [
      `What you remember about the user from earlier conversations (use it when relevant, don't recite it):\n${facts.map((f) => `- ${f}`).join('\n')}`,
    ];
  }
}
