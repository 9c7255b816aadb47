import { Router } from 'express';
import multer from 'multer';
import { refuseNulFileName, uploadFailure } from '../../http/inputGuard.ts';
import { badInput } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { handler, requireSessionUser } from '../../rest/respond.ts';
import type { AppServices } from '../../services.ts';
import { IMAGE_MAX_BYTES, saveChatImage } from '../files/core/images.ts';
import { catalogueView } from './core/catalogueView.ts';
import { chatView } from './core/chatView.ts';
import type { Message } from './core/Message.ts';
import * as chats from './core/service.ts';

const messageDto = (m: Message, storage: Storage) => ({
  id: m.id,
  content: m.content,
  model: m.model ?? null,
  role: m.role,
  chatId: typeof m.chat === 'object' ? m.chat.id : m.chat,
  status: m.status,
  error: m.error ?? null,
  images: (m.images ?? []).map((key) => storage.privateUrlOf(key)),
  createdAt: m.createdAt,
});

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
      const messages = await engine.listMessages(
        orm.em.fork(),
        requireSessionUser(req),
        String(req.params.id),
      );
      res.json(messages.map((m) => messageDto(m, storage)));
    }),
  );
  // Waits for the whole answer: this call has no stream (the GraphQL subscription does).
  r.post(
    '/chats/:id/messages',
    handler(async (req, res) => {
      const result = await engine.send(
        orm.em.fork(),
        requireSessionUser(req),
        String(req.params.id),
        req.body,
      );
      const aiMessage = await result.finished;
      res.status(201).json({
        userMessage: messageDto(result.userMessage, storage),
        aiMessage: messageDto(aiMessage, storage),
        modelChanged: result.modelChanged,
        activeModel: result.activeModel,
      });
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
