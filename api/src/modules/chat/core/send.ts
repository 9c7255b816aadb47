import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { requireOwnImages } from '../../files/core/images.ts';
import type { Grounding, Retriever } from '../../knowledge/core/retrieve.ts';
import type { WebSearch } from '../../websearch/core/webSearch.ts';
import type { AnswerMemory } from './answerMemory.ts';
import type { AnswerJob } from './answerStream.ts';
import type { SavedAnswer } from './answerWriter.ts';
import type { Chat } from './Chat.ts';
import { type Assistant, type AssistantId, leadingCommands } from './catalogue.ts';
import { assistantKnowledge, filesForPrompt, keepFiles } from './chatFiles.ts';
import { HISTORY_LIMIT } from './context.ts';
import {
  activeKey,
  addressedCustom,
  asAssistant,
  assistantKey,
  countUse,
  customRef,
} from './customAssistant.ts';
import { Message } from './Message.ts';
import type { AssistantModels } from './models.ts';
import type { PlanRefusals } from './planRefusals.ts';
import { type PromptSave, savePrompt } from './promptSave.ts';
import { sendMessageInput } from './schemas.ts';
import {
  addressedAssistant,
  checkPrompt,
  countedFeatures,
  imageRefusal,
  titleAfterPrompt,
} from './sendRules.ts';
import { SendTimings } from './sendTimings.ts';
import { lockChat, newChat } from './service.ts';
import { pathBack } from './tree.ts';
import { searchesWithChorus } from './webGrounding.ts';
import { withinBudget } from './withinBudget.ts';

export interface SendResult {
  chat: Chat;
  userMessage: Message;
  aiMessage: Message;
  modelChanged: boolean;
  activeModel: AssistantId;
  /** The custom assistant answering (customAssistant.ts), `activeModel` being the one behind it. */
  activeCustomAssistantId: string | null;
  /** Resolves with the saved answer's ending once it is finished (complete, error or stopped). */
  finished: Promise<SavedAnswer>;
}

export interface SendDeps {
  profiles: AssistantModels;
  memory: AnswerMemory;
  refusals: PlanRefusals;
  /** How long the answer waits for the user's memories before asking without them. */
  memoryBudgetMs: number;
  /** Finds the passages of the asker's files a prompt with `fileIds` is answered from (modules/knowledge). */
  retriever: Retriever;
  /** "Search the web" and @perplexity's research (modules/websearch); off when none is configured. */
  webSearch: WebSearch;
  /** Starts writing an answer in this process (answerStream.ts; the engine keeps it for shutdown). */
  start: (job: AnswerJob) => Promise<SavedAnswer>;
}

/**
 * Accepts a user's prompt: saves it and an empty answer, counted against their plan, and starts
 * writing the answer. The prompt follows the chat's current path, or `branch.parentId` for an
 * edited prompt (branches.ts), which keeps the images of the prompt it replaces.
 *
 * What can wait does not hold up the provider: the user's memories are looked up beside the
 * transaction (the answer asks without them if they take too long, `memoryBudgetMs`), and the plan
 * check and the saves run while the provider is already being asked (see `finished` below). For a
 * new chat the memories are all the provider waits for, so they are asked for first.
 */
export async function sendMessage(
  deps: SendDeps,
  em: EntityManager,
  userId: string,
  chatId: string | null,
  input: unknown,
  branch?: { parentId: string | null; images: string[] },
): Promise<SendResult> {
  const timings = new SendTimings();
  const data = parseInput(sendMessageInput, input);
  const { text, commanded } = checkPrompt(data.content, data.assistantId);
  // A custom assistant named by its @handle, picked, or the chat's current one (customAssistant.ts).
  const addressed = await addressedCustom(em, userId, chatId, {
    text,
    requested: data.assistantId,
    builtInCommand: commanded !== undefined,
  });
  const custom = addressed ? asAssistant(addressed.custom) : undefined;
  // Files asked about are the asker's own and readable, or nothing is sent (404, 400); their best
  // passages are found before the provider is asked, since the prompt carries them.
  // What the files and the web are searched for: the question, without the @commands before it.
  const question = leadingCommands(addressed?.rest ?? text).rest || text;
  // The files the message names and those its chat reads (chatFiles.ts); the prompt keeps them all,
  // so an edit or a regenerated answer reads the same files.
  let grounding: Grounding | undefined;
  const named = data.fileIds?.length ? [...new Set(data.fileIds)] : undefined;
  const files = await filesForPrompt(em, userId, chatId, named);
  const fileIds = files.length ? files.map((f) => f.id) : undefined;
  const knowledge = await assistantKnowledge(em, userId, addressed?.custom, files);
  if (knowledge.files.length)
    grounding = await deps.retriever.ground(em, knowledge.ownerId, knowledge.files, question);
  if (data.webSearch && !deps.webSearch.enabled)
    throw badInput(msg('Web search is not set up on this server.'));
  timings.mark('validated');

  const memory = deps.memory.lookUp(userId, text);
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
    if (data.keepFiles && named) keepFiles(chat, named);
    const assistant =
      custom ??
      addressedAssistant(
        commanded,
        customRef(data.assistantId) ? undefined : data.assistantId,
        chat.activeModel,
      );
    const modelChanged = assistantKey(assistant) !== activeKey(chat);
    chat.activeModel = assistant.id;
    chat.activeCustomAssistantId = assistant.custom?.id ?? null;
    if (data.mode !== undefined) chat.mode = data.mode;
    const images =
      branch?.images ?? (await requireOwnImages(db, userId, data.imageIds ?? [])).map((f) => f.storageKey);
    if (images.length > 0) {
      const refusal = imageRefusal(assistant, () => deps.profiles.get(assistant.id));
      if (refusal) throw refusal;
    }
    const counted = countedFeatures(assistant, images.length);

    // The turns the answer continues on its path (none in a new chat), read once for the title
    // and the provider.
    const parentId = branch ? branch.parentId : (chat.currentMessageId ?? null);
    const earlier = parentId ? await pathBack(db, parentId, HISTORY_LIMIT - 1) : [];
    chat.title = titleAfterPrompt(chat.title, text, earlier.length === 0 && !branch);
    const { userMessage, aiMessage } = promptAndAnswer(db, chat, {
      text,
      assistant,
      images,
      parentId,
      fileIds,
    });
    const prompt: PromptSave = { userId, counted, chat, isNew: !chatId, userMessage, aiMessage };

    // Someone at one of these limits a moment ago is checked before the provider is asked, so a
    // client retrying at its limit doesn't start (and abort) a request per try.
    const checkFirst = deps.refusals.recentlyRefused(userId, counted);
    if (checkFirst) await savePromptNoting(deps.refusals, db, prompt);

    // Asked now, with everything the request needs in hand; the answer is saved only once the
    // prompt is, and is abandoned (the request aborted) if it isn't: over the plan's limit, or any
    // failure to save the prompt.
    timings.forAnswer(aiMessage.id);
    finished = deps.start({
      userId,
      chat,
      messageId: aiMessage.id,
      assistant,
      charged: true,
      ...(grounding ? { grounding } : {}),
      // The search runs as the answer starts (answerStream.ts), so the send isn't held up by it.
      ...(searchesWithChorus(
        assistant,
        deps.profiles.get(assistant.id),
        data.webSearch === true,
        deps.webSearch.enabled,
      )
        ? { webQuery: question }
        : {}),
      known: {
        history: [userMessage, ...earlier],
        memory: withinBudget(memory, deps.memoryBudgetMs),
        lookup: memory,
        timings,
        committed,
      },
    });

    if (!checkFirst) await savePromptNoting(deps.refusals, db, prompt);
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
  if (saved.assistant.custom) await countUse(em, saved.assistant.custom.id);

  return {
    chat: saved.chat,
    userMessage: saved.userMessage,
    aiMessage: saved.aiMessage,
    modelChanged: saved.modelChanged,
    activeModel: saved.assistant.id,
    activeCustomAssistantId: saved.assistant.custom?.id ?? null,
    finished: finished!,
  };
}

/**
 * The prompt and its empty answer, made for promptSave.ts to write (`persist: false`); the answer
 * becomes the end of the chat's path.
 */
function promptAndAnswer(
  db: EntityManager,
  chat: Chat,
  prompt: {
    text: string;
    assistant: Assistant;
    images: string[];
    parentId: string | null;
    fileIds: string[] | undefined;
  },
): { userMessage: Message; aiMessage: Message } {
  const now = new Date();
  const userMessage = db.create(
    Message,
    {
      id: randomUUID(),
      chat,
      role: 'user',
      content: prompt.text,
      model: prompt.assistant.id,
      customAssistantId: prompt.assistant.custom?.id ?? null,
      images: prompt.images,
      parentId: prompt.parentId,
      fileIds: prompt.fileIds ?? null,
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
      model: prompt.assistant.id,
      customAssistantId: prompt.assistant.custom?.id ?? null,
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
  return { userMessage, aiMessage };
}

/** Saves a prompt (promptSave.ts); a refusal by the plan is remembered for a minute (planRefusals.ts). */
async function savePromptNoting(
  refusals: PlanRefusals,
  em: EntityManager,
  prompt: PromptSave,
): Promise<void> {
  try {
    await savePrompt(em, prompt);
    refusals.allowed(prompt.userId, prompt.counted);
  } catch (e) {
    refusals.failed(prompt.userId, prompt.counted, e);
    throw e;
  }
}
