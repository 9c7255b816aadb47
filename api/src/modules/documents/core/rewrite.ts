import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { findAssistant } from '../../chat/core/catalogue.ts';
import { type AssistantModels, isOffline, ProviderError } from '../../chat/core/models.ts';
import { consume, refund } from '../../chat/core/usage.ts';
import { cleanProposal, offlineRewrite, rewriteTurns } from './rewriteRules.ts';
import { rewriteInput } from './schemas.ts';
import { refuseStale, requireDocument } from './service.ts';

export interface RewriteDeps {
  profiles: AssistantModels;
  /** Streams the offline assistant's text at its chat answers' pace (chat/providers/offline.ts). */
  paced: (text: string, signal: AbortSignal) => AsyncIterable<string>;
}

/** A rewrite of a selection, proposed: not applied until the user accepts it (a save). */
export interface RewriteProposal {
  start: number;
  end: number;
  text: string;
  /** The assistant that wrote it. */
  model: string;
  /** Written by the offline assistant (no API key): see offlineRewrite. */
  offline: boolean;
}

/**
 * Rewrites only the selection `start..end` of a document as `instruction` asks: the chat's assistant
 * (or `model`) streams the new passage, yielded piece by piece, and the whole is returned as a
 * proposal with the offsets it replaces. Counted as one prompt against the plan before the model is
 * asked (402 when none are left), and given back if the model fails. Nothing is saved: accepting is
 * a save of the document (service.ts), so it is versioned and checked for conflicts like any other.
 */
export async function* rewriteSelection(
  deps: RewriteDeps,
  em: EntityManager,
  userId: string,
  documentId: string,
  input: unknown,
  signal: AbortSignal,
): AsyncGenerator<string, RewriteProposal> {
  const data = parseInput(rewriteInput, input);
  const document = await requireDocument(em, userId, documentId);
  if (data.baseVersion !== undefined) refuseStale(document, data.baseVersion);
  if (data.end > document.content.length)
    throw textError(
      'BAD_USER_INPUT',
      msg('The selection is outside the document (it has {length} characters)'),
      {
        length: document.content.length,
      },
    );
  const [chat] = await em.execute<{ active_model: string }[]>('select active_model from chats where id = ?', [
    typeof document.chat === 'object' ? document.chat.id : document.chat,
  ]);
  const assistant = findAssistant(data.model ?? chat?.active_model);
  if (!assistant) throw textError('BAD_USER_INPUT', msg('Unknown assistant: {name}'), { name: data.model });
  if (assistant.kind !== 'chat')
    throw textError('BAD_USER_INPUT', msg("{name} can't rewrite text: pick a chat assistant"), {
      name: assistant.name,
    });

  await consume(em, userId, 'prompts');
  const selection = document.content.slice(data.start, data.end);
  const profile = deps.profiles.get(assistant.id);
  const offline = isOffline(profile);
  let answer = '';
  try {
    const pieces = offline
      ? deps.paced(offlineRewrite(selection, data.instruction), signal)
      : deps.profiles.streamAnswer(
          assistant,
          profile,
          rewriteTurns(document, data.start, data.end, data.instruction),
          signal,
        );
    for await (const piece of pieces) {
      answer += piece;
      yield piece;
    }
  } catch (e) {
    await refund(em, userId, 'prompts');
    if (e instanceof ProviderError) throw new AppError('UPSTREAM_ERROR', e.message);
    throw e;
  }
  return {
    start: data.start,
    end: data.end,
    text: offline ? answer : cleanProposal(answer, selection),
    model: assistant.id,
    offline,
  };
}

/** The whole proposal at once (REST): the stream read to its end. */
export async function rewriteWhole(
  deps: RewriteDeps,
  em: EntityManager,
  userId: string,
  documentId: string,
  input: unknown,
  signal: AbortSignal,
): Promise<RewriteProposal> {
  const stream = rewriteSelection(deps, em, userId, documentId, input, signal);
  for (;;) {
    const step = await stream.next();
    if (step.done) return step.value;
  }
}
