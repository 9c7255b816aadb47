import type { EntityManager } from '@mikro-orm/postgresql';
import { logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage.ts';
import { dataUrlOf } from '../../files/core/images.ts';
import { groundingPrompt, offlineGroundedAnswer } from '../../knowledge/core/grounding.ts';
import type { Grounding } from '../../knowledge/core/retrieve.ts';
import type { AnswerTools } from '../../tools/core/answerTools.ts';
import type { WebSearch } from '../../websearch/core/webSearch.ts';
import type { AnswerStatus } from './answerEvents.ts';
import type { AnswerFanout, DeltaPublisher } from './answerFanout.ts';
import type { Memory } from './answerMemory.ts';
import { failureEnding, LENGTH_NOTE } from './answerRules.ts';
import { openAnswerTools } from './answerTools.ts';
import type { SavedAnswer } from './answerWriter.ts';
import type { Chat } from './Chat.ts';
import type { Assistant } from './catalogue.ts';
import { buildTurns, type TurnOptions, turnsFrom } from './context.ts';
import { customSystemPrompt, toolServersFor } from './customAssistant.ts';
import { type FinishDeps, finishAnswer } from './finish.ts';
import { writeImageAnswer } from './imageAnswer.ts';
import type { Message } from './Message.ts';
import {
  type AnswerReport,
  type AssistantModels,
  type ChatTurn,
  isOffline,
  type ProviderProfile,
} from './models.ts';
import type { ChatEngineOptions, RunningAnswer, RunningAnswers } from './running.ts';
import type { SendTimings } from './sendTimings.ts';
import { citedSources, withWebSources } from './webGrounding.ts';

export interface AnswerDeps extends FinishDeps {
  profiles: AssistantModels;
  storage: Storage;
  options: ChatEngineOptions;
  /** Shared with AnswerFanout and AnswerLiveness: an answer is listed while it is written here. */
  running: RunningAnswers;
  fanout: AnswerFanout;
  /** Chorus's own web search (modules/websearch), for jobs with a `webQuery`. */
  webSearch: WebSearch;
  /** The asker's MCP tools (modules/tools), offered to models that take them (answerTools.ts). */
  tools?: AnswerTools;
}

/** What a send already has in hand when its answer starts (send.ts); a regenerated answer reads it. */
export interface KnownPrompt {
  /** The prompt and the turns before it on its path, newest first. */
  history: Message[];
  /** The memories if they came within their budget, else null. */
  memory: Promise<Memory | null>;
  /** The lookup itself, which may still finish after the budget. */
  lookup: Promise<Memory>;
  timings: SendTimings;
  /** Settles when the send's transaction ends: the answer is saved only if the prompt was. */
  committed: Promise<void>;
}

/** An answer to write: its message (saved `streaming`, or being saved with its prompt). */
export interface AnswerJob {
  userId: string;
  chat: Chat;
  messageId: string;
  assistant: Assistant;
  /** A use was counted for this answer, to be given back if it fails with nothing written. */
  charged: boolean;
  known?: KnownPrompt;
  /**
   * What the model is asked instead of the prompt the answer follows (its history stays): a merge
   * of a compare's answers asks to combine them (modules/compare/core/merge.ts).
   */
  prompt?: string;
  /** The passages of the asker's files it answers from, cited as [n] and saved as its sources. */
  grounding?: Grounding;
  /** Search the web for this before asking the model: the results join `grounding` (webGrounding.ts). */
  webQuery?: string;
  /** Offer only these of the asker's MCP servers' tools (a custom assistant's); absent, all of them. */
  toolServerIds?: string[];
}

/**
 * Writes an answer in this process: a picture for @image (imageAnswer.ts), else the model's
 * streamed text, each token published as it comes (AnswerFanout). Whatever happens, the answer
 * ends (finish.ts): complete, stopped (Stop, or the prompt's save failed) or an error, keeping the
 * text written so far (answerRules.ts failureEnding). Listed in `running` until its end is published.
 */
export async function writeAnswer(deps: AnswerDeps, job: AnswerJob): Promise<SavedAnswer> {
  const { userId, chat, messageId, assistant, known } = job;
  const run: RunningAnswer = {
    userId,
    text: '',
    abort: new AbortController(),
    followed: false,
    remoteFrom: null,
    stored: !known,
  };
  deps.running.set(messageId, run);
  // A prompt that was not saved (over the limit, or the save failed) takes its answer with it.
  known?.committed.then(
    () => {
      run.stored = true;
    },
    () => run.abort.abort(),
  );
  const deltas = deps.fanout.publisher(messageId, run);
  const startedAt = performance.now();
  let firstTokenAt: number | null = null;
  let status: AnswerStatus = 'complete';
  let error: string | null = null;
  let memory: Memory | null = null;
  const generatedKeys: string[] = [];
  let report: AnswerReport = { tokens: null, model: null };
  let grounding = job.grounding;
  try {
    const em = deps.orm.em.fork();
    const profile = deps.profiles.get(assistant.id);
    memory = known ? await known.memory : await deps.memory.lookUp(userId, null, chat.id, messageId);
    known?.timings.mark('memoryDone');
    if (assistant.kind === 'image' && profile?.apiKey) {
      // A picture takes seconds anyway, so it waits for the prompt to be saved (and counted)
      // before it starts.
      await known?.committed;
      const answer = { userId, chatId: chat.id, messageId, assistant, profile };
      generatedKeys.push(await writeImageAnswer(deps, em, answer, run, deltas));
    } else {
      if (job.webQuery) grounding = await searchTheWeb(deps, job, job.webQuery, run.abort.signal);
      const grounded = { ...job, grounding };
      const turns = await turnsFor(deps, em, grounded, profile, memory);
      known?.timings.mark('providerCall');
      await streamText(deps, grounded, profile, turns, run, deltas, {
        onLength: () => {
          error = LENGTH_NOTE;
        },
        onReport: (reported) => {
          report = reported;
        },
        onFirstToken: () => {
          firstTokenAt ??= performance.now();
        },
      });
    }
    if (run.abort.signal.aborted) status = 'stopped';
  } catch (e) {
    const ending = failureEnding(e, run.abort.signal.aborted);
    status = ending.status;
    if (ending.status === 'error') {
      error = ending.error;
      if (ending.unexpected) logger.error({ err: e, messageId }, 'answer failed');
    }
  }
  // Still listed as running until its end is published, so a subscriber arriving meanwhile (the
  // provider can finish before the sender has even subscribed) follows it here instead of finding
  // it neither running nor saved.
  try {
    return await finishAnswer(deps, run, deltas, {
      userId,
      messageId,
      assistant,
      charged: job.charged,
      status,
      error,
      memory,
      generatedKeys,
      report,
      // A provider that searched the web itself (Perplexity) cites its own pages.
      sources: grounding?.sources ?? citedSources(report.citations),
      known,
      timing: {
        ttftMs: firstTokenAt === null ? null : Math.round(firstTokenAt - startedAt),
        totalMs: Math.round(performance.now() - startedAt),
      },
    });
  } finally {
    deps.running.delete(messageId);
  }
}

/**
 * The web's results for `query` joined to the files' passages as numbered sources. A search that
 * fails leaves the answer to go on without them, told so (knowledge/core/grounding.ts).
 */
async function searchTheWeb(
  deps: AnswerDeps,
  job: AnswerJob,
  query: string,
  signal: AbortSignal,
): Promise<Grounding> {
  try {
    return { ...withWebSources(job.grounding, await deps.webSearch.search(query, signal)), web: 'searched' };
  } catch (e) {
    if (!signal.aborted) logger.warn({ err: e, messageId: job.messageId }, 'web search failed');
    return { sources: job.grounding?.sources ?? [], unread: job.grounding?.unread ?? [], web: 'failed' };
  }
}

/**
 * The turns the model is sent (context.ts): a send's path as it read it, or, for an answer written
 * again, its chat's path read now; within the history budget, with the memories as extra system text.
 */
function turnsFor(
  deps: AnswerDeps,
  em: EntityManager,
  job: AnswerJob,
  profile: ProviderProfile | undefined,
  memory: Memory | null,
): Promise<ChatTurn[]> {
  const options: TurnOptions = {
    assistant: job.assistant,
    // A custom assistant's maker's instructions come after the persona of the one behind it.
    systemPrompt: job.assistant.custom
      ? customSystemPrompt(job.assistant.custom, profile?.systemPrompt ?? '')
      : (profile?.systemPrompt ?? ''),
    mode: job.chat.mode ?? null,
    budgetTokens: deps.options.historyBudgetTokens,
    extraSystem: [...(memory?.prompt ?? []), ...(job.grounding ? [groundingPrompt(job.grounding)] : [])],
    imageUrls: async (keys) => Promise.all(keys.map(async (key) => dataUrlOf(deps.storage, key))),
  };
  const turns = job.known
    ? turnsFrom(job.known.history, options)
    : buildTurns(em, { ...options, chatId: job.chat.id, answerId: job.messageId });
  return job.prompt === undefined ? turns : turns.then((list) => askInstead(list, job.prompt!));
}

/** The turns with their last one (the prompt being answered) asking `prompt` instead. */
function askInstead(turns: ChatTurn[], prompt: string): ChatTurn[] {
  const last = turns.at(-1);
  if (last?.role !== 'user') return [...turns, { role: 'user', content: prompt }];
  return [...turns.slice(0, -1), { role: 'user', content: prompt }];
}

/** Streams the model's answer into `run.text`, publishing each token as it comes. */
async function streamText(
  deps: AnswerDeps,
  job: AnswerJob,
  profile: ProviderProfile | undefined,
  turns: ChatTurn[],
  run: RunningAnswer,
  deltas: DeltaPublisher,
  on: { onLength: () => void; onReport: (report: AnswerReport) => void; onFirstToken: () => void },
): Promise<void> {
  const servers = { ...job, toolServerIds: toolServersFor(job) };
  const tools = await openAnswerTools(deps.tools, servers, profile, run.abort.signal);
  // With no key, a question about files is answered by quoting their best passages.
  const stream =
    job.grounding && isOffline(profile)
      ? deps.profiles.streamText(
          offlineGroundedAnswer(
            job.assistant.name,
            job.grounding,
            [...turns].reverse().find((t) => t.role === 'user')?.content,
          ),
          deps.options.offlineDelayMs,
          run.abort.signal,
        )
      : deps.profiles.streamAnswer(job.assistant, profile, turns, run.abort.signal, {
          tools,
          offlineDelayMs: deps.options.offlineDelayMs,
          // Kept as a complete answer (it is one, and Retry would likely stop at the same place),
          // with a note saying why it ends where it does.
          onEnd: (end) => {
            if (end === 'length') on.onLength();
          },
          onReport: on.onReport,
        });
  try {
    for await (const delta of stream) {
      if (!run.text) {
        on.onFirstToken();
        job.known?.timings.mark('firstToken');
      }
      deltas.delta(run.text.length, delta);
      run.text += delta;
    }
  } finally {
    await tools?.close();
  }
}
