import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, badInput } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { currentPlan } from '../../billing/core/currentPlan.ts';
import type { SavedAnswer } from '../../chat/core/answerWriter.ts';
import type { Chat } from '../../chat/core/Chat.ts';
import { type Assistant, findAssistant } from '../../chat/core/catalogue.ts';
import { HISTORY_LIMIT } from '../../chat/core/context.ts';
import {
  asAssistant,
  assistantKey,
  customRef,
  usableByHandle,
  usableById,
  withoutAddressing,
} from '../../chat/core/customAssistant.ts';
import { emptyAnswer } from '../../chat/core/emptyAnswer.ts';
import type { ChatEngine } from '../../chat/core/engine.ts';
import { Message } from '../../chat/core/Message.ts';
import { titleAfterPrompt } from '../../chat/core/sendRules.ts';
import { lockChat, newChat } from '../../chat/core/service.ts';
import { pathBack } from '../../chat/core/tree.ts';
import { allowance, consume } from '../../chat/core/usage.ts';
import { CompareTurn } from './CompareTurn.ts';
import { compareAssistants, compareRef, compareTooBig } from './rules.ts';
import { compareInput } from './schemas.ts';

export interface CompareStarted {
  chat: Chat;
  userMessage: Message;
  /** One per assistant, in the order asked, each saved `streaming` and being written. */
  answers: Message[];
  turn: CompareTurn;
  /** Each answer's ending, in the same order, once it is saved. */
  finished: Promise<SavedAnswer>[];
}

/**
 * Sends one prompt to several assistants at once. In one transaction: the chat (made, or locked
 * so prompts to it follow one another), one prompt counted per answer (all or none: a short
 * allowance sends nothing), the prompt, an empty answer per assistant (versions of one turn, the
 * first on the chat's path until the user picks another) and the compare itself. Chat's engine
 * starts every answer inside it, as soon as the rows are made (each is saved only once they are
 * committed), and writes them at once, each on its own: one that fails or hangs holds up no other.
 */
export async function startCompare(
  engine: ChatEngine,
  em: EntityManager,
  userId: string,
  chatId: string | null,
  input: unknown,
): Promise<CompareStarted> {
  const data = parseInput(compareInput, input);
  const text = data.content.trim();
  if (!text) throw badInput(msg('Message cannot be empty'));
  // The text may start with the assistants' @commands, as typed; something must follow them.
  const question = withoutAddressing(text, true);
  if (!question) throw badInput(msg('Add a message after the assistants'));
  const answering = engine.answersTo(userId, question);
  const picked = compareAssistants(
    data.assistants,
    await currentPlan(em, userId),
    await customsNamed(em, userId, data.assistants),
  );

  let finished: Promise<SavedAnswer>[] = [];
  let commit!: { resolve: () => void; reject: (reason: unknown) => void };
  const committed = new Promise<void>((resolve, reject) => {
    commit = { resolve, reject };
  });
  // Rejected too when the compare fails before its answers started; its caller gets the error.
  committed.catch(() => {});
  const steps = async (tx: EntityManager) => {
    const chat = chatId ? await lockChat(tx, userId, chatId) : newChat(tx, userId, {});
    const parentId = chat.currentMessageId ?? null;
    const now = Date.now();
    const userMessage = tx.create(Message, {
      id: randomUUID(),
      chat,
      role: 'user',
      content: text,
      model: picked[0]!.id,
      // Marks a prompt that names custom assistants, whose @handles the models are not sent (context.ts).
      customAssistantId: picked.find((a) => a.custom)?.custom?.id ?? null,
      images: [],
      parentId,
      status: 'complete',
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
    // A millisecond apart, so the answers sort in the order asked, after their prompt.
    const answers = picked.map((assistant, i) =>
      emptyAnswer(tx, chat, {
        model: assistant.id,
        customAssistantId: assistant.custom?.id ?? null,
        parentId: userMessage.id,
        createdAt: new Date(now + 1 + i),
      }),
    );
    chat.title = titleAfterPrompt(chat.title, question, parentId === null);
    chat.currentMessageId = answers[0]!.id;
    chat.activeModel = picked[0]!.id;
    chat.activeCustomAssistantId = picked[0]!.custom?.id ?? null;
    chat.updatedAt = new Date(now + picked.length);
    // The providers are asked now, with the path read here, while the rows are written: each
    // answer is saved only once they are committed (and abandoned if they are not), as a send's.
    const earlier = parentId ? await pathBack(tx, parentId, HISTORY_LIMIT - 1) : [];
    finished = answering.write(
      answers.map((answer, i) => ({
        userId,
        chat,
        messageId: answer.id,
        assistant: picked[i]!,
        charged: true,
      })),
      { history: [userMessage, ...earlier], committed },
    );
    // Refused, the transaction ends without a row and the answers are abandoned, never saved.
    await countPrompts(tx, userId, picked.length);
    // The messages first: the compare's key refers to its prompt, which the ORM does not know of.
    await tx.flush();
    const turn = tx.create(CompareTurn, {
      id: userMessage.id,
      user: chat.user,
      chat,
      assistants: picked.map(assistantKey),
      answerIds: answers.map((a) => a.id),
      blind: data.blind ?? false,
      mode: chat.mode ?? null,
      tie: false,
      createdAt: new Date(now),
    });
    await tx.flush();
    return { chat, userMessage, answers, turn };
  };
  let saved: Awaited<ReturnType<typeof steps>>;
  try {
    saved = await em.transactional(steps);
  } catch (e) {
    commit.reject(e);
    // Nothing was saved: nobody waits for the answers.
    for (const answer of finished) answer.catch(() => {});
    throw e;
  }
  commit.resolve();
  return { ...saved, finished };
}

/**
 * The custom assistants among a compare's names (by @handle or `custom:<id>`) that the asker may
 * use, keyed by the name as compareRef gives it; the rest are built-in or unknown (rules.ts).
 */
async function customsNamed(
  em: EntityManager,
  userId: string,
  names: readonly string[],
): Promise<Map<string, Assistant>> {
  const found = new Map<string, Assistant>();
  for (const ref of new Set(names.map(compareRef))) {
    if (findAssistant(ref) || found.has(ref)) continue;
    const id = customRef(ref);
    const custom = id
      ? await usableById(em, userId, id)
      : /^[a-z][a-z0-9_]{2,23}$/.test(ref)
        ? await usableByHandle(em, userId, ref)
        : null;
    if (custom) found.set(ref, asAssistant(custom));
  }
  return found;
}

/**
 * Counts a prompt per answer, all at once or none (usage.ts consume). Refused, it says how many
 * the compare needs and how many are left, so the user can ask fewer assistants.
 */
async function countPrompts(em: EntityManager, userId: string, answers: number): Promise<void> {
  try {
    await consume(em, userId, 'prompts', answers);
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'PAYMENT_REQUIRED') throw e;
    const left = await allowance(em, userId, 'prompts');
    if (left.remaining === null || left.remaining >= answers) throw e;
    throw compareTooBig(answers, left.remaining, {
      ...e.details,
      remaining: left.remaining,
      needed: answers,
    });
  }
}
