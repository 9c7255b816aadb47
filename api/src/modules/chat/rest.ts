import { Router } from 'express';
import multer from 'multer';
import { refuseNulFileName } from '../../http/inputGuard.ts';
import { badInput } from '../../platform/errors.ts';
import { signedIn } from '../../rest/adapter.ts';
import { signedInUpload } from '../../rest/upload.ts';
import type { AppServices } from '../../services.ts';
import { IMAGE_MAX_BYTES, saveChatImage } from '../files/core/images.ts';
import { catalogueView } from './core/catalogueView.ts';
import * as chats from './core/service.ts';
import { presentChat, presentChatImage, presentMessage } from './presenters.ts';

/** The spec's model and chat calls (§7), on the same services as the GraphQL operations. */
export function chatRoutes(services: AppServices): Router {
  const { profiles, chat: engine, storage } = services;
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
    signedIn(services, async ({ em, userId }) => (await chats.listChats(em, userId)).map(presentChat)),
  );
  r.post(
    '/chats',
    signedIn(services, async ({ em, userId, req, res }) => {
      res.status(201).json(presentChat(await chats.createChat(em, userId, req.body)));
    }),
  );
  r.get(
    '/chats/:id',
    signedIn(services, async ({ em, userId, req }) =>
      presentChat(await chats.requireChat(em, userId, String(req.params.id))),
    ),
  );
  r.patch(
    '/chats/:id',
    signedIn(services, async ({ em, userId, req }) =>
      presentChat(await chats.renameChat(em, userId, String(req.params.id), req.body)),
    ),
  );
  r.delete(
    '/chats/:id',
    signedIn(services, async ({ em, userId, req, res }) => {
      await chats.deleteChat(em, userId, String(req.params.id));
      res.json({ success: true });
    }),
  );
  r.get(
    '/chats/:id/messages',
    signedIn(services, async ({ em, userId, req, res }) => {
      const messages = await engine.listMessages(em, userId, String(req.params.id));
      res.json(messages.map((m) => presentMessage(m, storage)));
    }),
  );
  // Waits for the whole answer: this call has no stream (the GraphQL subscription does).
  r.post(
    '/chats/:id/messages',
    signedIn(services, async ({ em, userId, req, res }) => {
      const result = await engine.send(em, userId, String(req.params.id), req.body);
      const aiMessage = await result.finished;
      res.status(201).json({
        userMessage: presentMessage(result.userMessage, storage),
        aiMessage: presentMessage(aiMessage, storage),
        modelChanged: result.modelChanged,
        activeModel: result.activeModel,
      });
    }),
  );

  // An image attached (or pasted) in the composer, stored as the user's file; its id goes with the message.
  r.post(
    '/chat/images',
    signedInUpload(upload, 'image', (err) =>
      badInput(
        err.code === 'LIMIT_FILE_SIZE'
          ? 'Images can be at most 10 MB'
          : 'Send the image as multipart field "image"',
      ),
    ),
    signedIn(services, async ({ em, userId, req, res }) => {
      if (!req.file) throw badInput('Send the image as multipart field "image"');
      const file = await saveChatImage(em, storage, userId, {
        name: req.file.originalname,
        bytes: req.file.buffer,
      });
      res.status(201).json(presentChatImage(file, storage));
    }),
  );

  return r;
}
