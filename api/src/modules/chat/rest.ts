import { Router } from 'express';
import multer from 'multer';
import { refuseNulFileName } from '../../http/inputGuard.ts';
import { badInput } from '../../platform/errors.ts';
import { msg } from '../../platform/i18n.ts';
import type { AppServices } from '../../platform/module.ts';
import { onOwnRow, signedIn } from '../../rest/adapter.ts';
import { linkNextPage, pageQuery, queryParam } from '../../rest/paging.ts';
import { signedInUpload } from '../../rest/upload.ts';
import type { StoredFile } from '../files/core/File.ts';
import { IMAGE_MAX_BYTES, saveChatImage } from '../files/core/images.ts';
import { presentFile } from '../files/presenters.ts';
import { knowledgeOf } from '../knowledge/core/status.ts';
import { editMessage, selectVersion } from './core/branches.ts';
import { catalogueView } from './core/catalogueView.ts';
import { chatFiles, ownChatFiles, setChatFiles } from './core/chatFiles.ts';
import * as chats from './core/service.ts';
import { finishedAnswer, presentChat, presentChatImage, presentMessages, presentSend } from './presenters.ts';

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
    signedIn(services, async ({ em, userId, req, res }) => {
      const page = await chats.chatPage(em, userId, pageQuery(req));
      linkNextPage(req, res, 'cursor', page.nextCursor);
      return page.items.map(presentChat);
    }),
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
  r.delete('/chats/:id', onOwnRow(services, chats.deleteChat, { success: true }));
  r.get(
    '/chats/:id/messages',
    signedIn(services, async ({ em, userId, req, res }) => {
      const page = await engine.messagePage(em, userId, String(req.params.id), {
        limit: queryParam(req.query.limit),
        before: queryParam(req.query.before),
      });
      linkNextPage(req, res, 'before', page.olderCursor);
      res.json(await presentMessages(em, storage, page.items));
    }),
  );
  // The files of My Files the chat reads (chatFiles.ts), each as My Files shows it.
  const presentChatFiles = async (em: Parameters<typeof knowledgeOf>[0], files: StoredFile[]) => {
    const knowledge = await knowledgeOf(
      em,
      files.map((f) => f.id),
    );
    return { files: files.map((f) => presentFile(f, knowledge.get(f.id)!)) };
  };
  r.get(
    '/chats/:id/files',
    signedIn(services, async ({ em, userId, req }) =>
      presentChatFiles(em, await ownChatFiles(em, userId, String(req.params.id))),
    ),
  );
  r.put(
    '/chats/:id/files',
    signedIn(services, async ({ em, userId, req }) => {
      const chat = await setChatFiles(em, userId, String(req.params.id), req.body);
      return presentChatFiles(em, await chatFiles(em, chat));
    }),
  );
  // Shows another version of a turn (issue 18, item 2); answers the chat's new path.
  r.post(
    '/chats/:id/path',
    signedIn(services, async ({ em, userId, req, res }) => {
      const path = await selectVersion(em, userId, String(req.params.id), req.body);
      res.json(await presentMessages(em, storage, path));
    }),
  );
  // Waits for the whole answer: this call has no stream (the GraphQL subscription does).
  r.post(
    '/chats/:id/messages',
    signedIn(services, async ({ em, userId, req, res }) => {
      const result = await engine.send(em, userId, String(req.params.id), req.body);
      res.status(201).json(await presentSend(em, storage, result));
    }),
  );
  // A sent prompt written again: a new version of it and a new answer, as the send answers them.
  r.post(
    '/messages/:id/edit',
    signedIn(services, async ({ em, userId, req, res }) => {
      const result = await editMessage(engine, em, userId, String(req.params.id), req.body);
      res.status(201).json(await presentSend(em, storage, result));
    }),
  );
  // Another version of an answer (or the retry of a failed one), waiting for the whole of it.
  r.post(
    '/messages/:id/regenerate',
    signedIn(services, async ({ em, userId, req, res }) => {
      const result = await engine.regenerate(em, userId, String(req.params.id));
      const [aiMessage] = await presentMessages(em, storage, [await finishedAnswer(em, result.finished)]);
      res.status(201).json({ aiMessage });
    }),
  );

  // An image attached (or pasted) in the composer, stored as the user's file; its id goes with the message.
  r.post(
    '/chat/images',
    signedInUpload(upload, 'image', (err) =>
      badInput(
        err.code === 'LIMIT_FILE_SIZE'
          ? msg('Images can be at most 10 MB')
          : msg('Send the image as multipart field "image"'),
      ),
    ),
    signedIn(services, async ({ em, userId, req, res }) => {
      if (!req.file) throw badInput(msg('Send the image as multipart field "image"'));
      const file = await saveChatImage(em, storage, userId, {
        name: req.file.originalname,
        bytes: req.file.buffer,
      });
      res.status(201).json(presentChatImage(file, storage));
    }),
  );

  return r;
}
