import { Router } from 'express';
import type { AppServices } from '../../platform/module.ts';
import { signedIn } from '../../rest/adapter.ts';
import { finishedAnswer, presentChat, presentMessages } from '../chat/presenters.ts';
import { chooseAnswer } from './core/choose.ts';
import { mergeAnswers } from './core/merge.ts';
import { startCompare } from './core/start.ts';

/**
 * Compare over REST. Like the single send, these wait until every answer has ended (no stream:
 * the GraphQL subscription streams), then answer each with its numbers.
 */
export function compareRoutes(services: AppServices): Router {
  const { chat: engine, storage } = services;
  const r = Router();
  r.post(
    '/chats/:id/compare',
    signedIn(services, async ({ em, userId, req, res }) => {
      const body = (req.body ?? {}) as { content?: unknown; models?: unknown; blind?: unknown };
      const started = await startCompare(engine, em, userId, String(req.params.id), {
        content: body.content,
        assistants: body.models,
        blind: body.blind,
      });
      const ended = await Promise.all(started.finished);
      const [userMessage] = await presentMessages(em, storage, [started.userMessage]);
      res.status(201).json({
        userMessage,
        answers: ended.map((a, i) => ({
          id: a.id,
          model: started.answers[i]!.model ?? null,
          status: a.status,
          content: a.content,
          error: a.error,
          ttftMs: a.ttftMs,
          totalMs: a.totalMs,
          tokens: a.tokens,
        })),
      });
    }),
  );
  // The chat continues from this answer, with its assistant.
  r.post(
    '/messages/:id/choose',
    signedIn(services, async ({ em, userId, req }) =>
      presentChat(await chooseAnswer(em, userId, String(req.params.id))),
    ),
  );
  // One answer written from several of a compare's; answered once it has ended.
  r.post(
    '/chats/:id/merge',
    signedIn(services, async ({ em, userId, req, res }) => {
      const body = (req.body ?? {}) as { messageIds?: unknown; model?: unknown };
      const merged = await mergeAnswers(engine, em, userId, {
        messageIds: body.messageIds,
        assistant: body.model,
        chatId: String(req.params.id),
      });
      const saved = await finishedAnswer(em, merged.finished);
      const [aiMessage] = await presentMessages(em, storage, [saved]);
      res.status(201).json({
        aiMessage: {
          ...aiMessage,
          mergedFrom: saved.mergedFrom ?? [],
          ttftMs: saved.ttftMs ?? null,
          totalMs: saved.totalMs ?? null,
        },
      });
    }),
  );
  return r;
}
