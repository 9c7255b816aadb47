import type { EntityManager } from '@mikro-orm/postgresql';
import { Router } from 'express';
import multer from 'multer';
import { refuseNulFileName, uploadFailure } from '../../http/inputGuard.ts';
import { badInput } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { handler, requireSessionUser } from '../../rest/respond.ts';
import type { AppServices } from '../../services.ts';
import { IMAGE_MAX_BYTES, saveChatImage } from '../files/core/images.ts';
import { editMessage, selectVersion } from './core/branches.ts';
import { catalogueView } from './core/catalogueView.ts';
import { chatView } from './core/chatView.ts';
import type { SendResult } from './core/engine.ts';
import type { Message } from './core/Message.ts';
import * as chats from './core/service.ts';
import { versionsOf } from './core/tree.ts';

const messageDto = (m: Message, storage: Storage, versions: Map<string, string[]>) => ({
  id: m.id,
  content: m.content,
  model: m.model ?? null,
  role: m.role,
  chatId: typeof m.chat === 'object' ? m.chat.id : m.chat,
  status: m.status,
  error: m.error ?? null,
  images: (m.images ?? []).map((key) => storage.privateUrlOf(key)),
  parentId: m.parentId ?? null,
  siblingIds: versions.get(m.id) ?? [m.id],
  createdAt: m.createdAt,
});

/** Messages as the shims answer them, each with its versions (one query for all). */
async function messageDtos(em: EntityManager, storage: Storage, messages: Message[]) {
  const versions = await versionsOf(em, messages);
  return messages.map((m) => messageDto(m, storage, versions));
}

/** The spec's model and chat calls (§7), on the same services as the GraphQL operations. */
export function chatRoutes({ orm, profiles, chat: engine, storage }: AppServices): Router {
  // Browsers send file names as raw UTF-8 (busboy would read them as Latin-1).
  const upload = multer({
    storage: multer.memoryStorage(),
    fileFilter: refuseNulFileName,
    defParamCharset: 'utf8',
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1 },
  });
  const r = Router();
  const sendDto = async (em: EntityManager, result: SendResult) => {
    const aiMessage = await result.finished;
    const [userMessage, answer] = await messageDtos(em, storage, [result.userMessage, aiMessage]);
    return {
      userMessage,
      aiMessage: answer,
      modelChanged: result.modelChanged,
      activeModel: result.activeModel,
    };
  };

  r.get('/models/version', (_req, res) => {
    res.json({ version: profiles.version });
  });
  r.get('/models', (_req, res) => {
    res.json(catalogueView(profiles).assistants);
  });

  r.get(
    '/chats',
    handler(async (req, res) => {
      res.json((await chats.listChats(orm.em.fork(), requireSessionUser(req))).map(chatView));
    }),
  );
  r.post(
    '/chats',
    handler(async (req, res) => {
      res
        .status(201)
        .json(chatView(await chats.createChat(orm.em.fork(), requireSessionUser(req), req.body)));
    }),
  );
  r.get(
    '/chats/:id',
    handler(async (req, res) => {
      res.json(
        chatView(await chats.requireChat(orm.em.fork(), requireSessionUser(req), String(req.params.id))),
      );
    }),
  );
  r.patch(
    '/chats/:id',
    handler(async (req, res) => {
      res.json(
        chatView(
          await chats.renameChat(orm.em.fork(), requireSessionUser(req), String(req.params.id), req.body),
        ),
      );
    }),
  );
  r.delete(
    '/chats/:id',
    handler(async (req, res) => {
      await chats.deleteChat(orm.em.fork(), requireSessionUser(req), String(req.params.id));
      res.json({ success: true });
    }),
  );
  r.get(
    '/chats/:id/messages',
    handler(async (req, res) => {
      const em = orm.em.fork();
      const messages = await engine.listMessages(em, requireSessionUser(req), String(req.params.id));
      res.json(await messageDtos(em, storage, messages));
    }),
  );
  // Shows another version of a turn (issue 18, item 2); answers the chat's new path.
  r.post(
    '/chats/:id/path',
    handler(async (req, res) => {
      const em = orm.em.fork();
      const path = await selectVersion(em, requireSessionUser(req), String(req.params.id), req.body);
      res.json(await messageDtos(em, storage, path));
    }),
  );
  // Waits for the whole answer: this call has no stream (the GraphQL subscription does).
  r.post(
    '/chats/:id/messages',
    handler(async (req, res) => {
      const em = orm.em.fork();
      const result = await engine.send(em, requireSessionUser(req), String(req.params.id), req.body);
      res.status(201).json(await sendDto(em, result));
    }),
  );
  // A sent prompt written again: a new version of it and a new answer, as the send answers them.
  r.post(
    '/messages/:id/edit',
    handler(async (req, res) => {
      const em = orm.em.fork();
      const result = await editMessage(engine, em, requireSessionUser(req), String(req.params.id), req.body);
      res.status(201).json(await sendDto(em, result));
    }),
  );
  // Another version of an answer (or the retry of a failed one), waiting for the whole of it.
  r.post(
    '/messages/:id/regenerate',
    handler(async (req, res) => {
      const em = orm.em.fork();
      const result = await engine.regenerate(em, requireSessionUser(req), String(req.params.id));
      const aiMessage = await result.finished;
      const [dto] = await messageDtos(em, storage, [aiMessage]);
      res.status(201).json({ aiMessage: dto });
    }),
  );

  // An image attached (or pasted) in the composer, stored as the user's file; its id goes with the message.
  r.post(
    '/chat/images',
    (req, res, next) => {
      requireSessionUser(req);
      upload.single('image')(req, res, (err: unknown) => {
        if (err instanceof multer.MulterError) {
          next(
            badInput(
              err.code === 'LIMIT_FILE_SIZE'
                ? 'Images can be at most 10 MB'
                : 'Send the image as multipart field "image"',
            ),
          );
        } else next(uploadFailure(err));
      });
    },
    handler(async (req, res) => {
      if (!req.file) throw badInput('Send the image as multipart field "image"');
      const file = await saveChatImage(orm.em.fork(), storage, requireSessionUser(req), {
        name: req.file.originalname,
        bytes: req.file.buffer,
      });
      res.status(201).json({
        id: file.id,
        url: storage.privateUrlOf(file.storageKey),
        name: file.name,
        contentType: file.contentType,
        size: file.size,
      });
    }),
  );

  return r;
}
