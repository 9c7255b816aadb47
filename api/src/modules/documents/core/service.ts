import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { parseInput } from '../../../platform/validation.ts';
import { requireOwned } from '../../accounts/core/ownedByUser.ts';
import { User } from '../../accounts/core/User.ts';
import type { Chat } from '../../chat/core/Chat.ts';
import { Message } from '../../chat/core/Message.ts';
import { lockChat, requireChat } from '../../chat/core/service.ts';
import { titleFromMessage } from '../../chat/core/title.ts';
import { ChatDocument } from './ChatDocument.ts';
import { DocumentVersion } from './DocumentVersion.ts';
import {
  createDocumentInput,
  DOCUMENTS_PER_CHAT,
  restoreVersionInput,
  saveDocumentInput,
  versionsPageInput,
} from './schemas.ts';

/** Canvas documents of a user's chats. Every read and write checks ownership; someone else's → 404. */

export async function requireDocument(
  em: EntityManager,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ChatDocument> {
  return requireOwned(
    em,
    ChatDocument,
    userId,
    id,
    'Document not found',
    {},
    options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
  );
}

/** A chat's documents, the first made first. */
export async function chatDocuments(
  em: EntityManager,
  userId: string,
  chatId: string,
): Promise<ChatDocument[]> {
  const chat = await requireChat(em, userId, chatId);
  return listOfChat(em, chat.id);
}

export const listOfChat = (em: EntityManager, chatId: string) =>
  em.find(ChatDocument, { chat: chatId }, { orderBy: { createdAt: 'asc', id: 'asc' } });

/**
 * A new document in the chat: empty, the given text, or an answer of the chat ("Open in canvas",
 * `fromMessageId`), titled after it. The chat is locked while its documents are counted, so
 * parallel creates at DOCUMENTS_PER_CHAT cannot overshoot.
 */
export async function createDocument(
  em: EntityManager,
  userId: string,
  chatId: string,
  input: unknown,
): Promise<ChatDocument> {
  const data = parseInput(createDocumentInput, input);
  return em.transactional(async (db) => {
    const chat = await lockChat(db, userId, chatId);
    const count = await db.count(ChatDocument, { chat: chat.id });
    if (count >= DOCUMENTS_PER_CHAT)
      throw textError('CONFLICT', msg('A chat holds at most {max} documents: delete one to make another'), {
        max: DOCUMENTS_PER_CHAT,
      });
    let content = data.content ?? '';
    let title = data.title;
    if (data.fromMessageId) {
      const message = await db.findOne(Message, { id: data.fromMessageId, chat: chat.id });
      if (!message) throw notFound(msg('Message not found'));
      content = data.content ?? message.content;
      // Titled after the answer's words, without its Markdown marks ("**Offline:**" reads "Offline:").
      title ??=
        titleFromMessage(message.content)
          ?.replace(/[*_`#>~]+/g, '')
          .trim() || undefined;
    }
    const kind = data.kind ?? 'text';
    const document = db.create(ChatDocument, {
      chat,
      user: db.getReference(User, userId),
      title: title ?? (kind === 'code' ? 'Untitled code' : 'Untitled document'),
      kind,
      language: kind === 'code' ? (data.language ?? null) : null,
      content,
      version: 1,
    });
    db.create(DocumentVersion, {
      document,
      version: 1,
      title: document.title,
      content,
      source: 'create',
    });
    await db.flush();
    return document;
  });
}

/**
 * Saves a change made from `baseVersion` as the next version. The document is locked while it
 * changes: of two tabs saving from the same version, the second is refused (CONFLICT) and loses
 * nothing: it still holds its text, and reloads the other's first.
 */
export async function saveDocument(
  em: EntityManager,
  userId: string,
  id: string,
  input: unknown,
): Promise<ChatDocument> {
  const data = parseInput(saveDocumentInput, input);
  return em.transactional(async (db) => {
    const document = await requireDocument(db, userId, id, { lock: true });
    refuseStale(document, data.baseVersion);
    return nextVersion(db, document, {
      content: data.content,
      title: data.title ?? document.title,
      source: data.reason ?? 'save',
    });
  });
}

/** A version of the document made the newest again (the ones after it stay in the list). */
export async function restoreDocumentVersion(
  em: EntityManager,
  userId: string,
  id: string,
  input: unknown,
): Promise<ChatDocument> {
  const data = parseInput(restoreVersionInput, input);
  return em.transactional(async (db) => {
    const document = await requireDocument(db, userId, id, { lock: true });
    if (data.baseVersion !== undefined) refuseStale(document, data.baseVersion);
    const old = await db.findOne(DocumentVersion, { document: document.id, version: data.version });
    if (!old) throw notFound(msg('Version not found'));
    return nextVersion(db, document, { content: old.content, title: old.title, source: 'restore' });
  });
}

/** The document's versions, newest first, a page at a time (`before`: older than that version). */
export async function documentVersions(
  em: EntityManager,
  userId: string,
  id: string,
  input: unknown,
): Promise<DocumentVersion[]> {
  const { limit = 50, before } = parseInput(versionsPageInput, input);
  const document = await requireDocument(em, userId, id);
  return em.find(
    DocumentVersion,
    { document: document.id, ...(before ? { version: { $lt: before } } : {}) },
    { orderBy: { version: 'desc' }, limit },
  );
}

export async function deleteDocument(em: EntityManager, userId: string, id: string): Promise<void> {
  const document = await requireDocument(em, userId, id);
  await em.remove(document).flush();
}

/**
 * A document given to `chat` as new, at its first version: what a copied chat ("Continue this chat",
 * an import) brings along. Written with the caller's next flush.
 */
export function copyDocument(
  em: EntityManager,
  chat: Chat,
  userId: string,
  from: { title: string; kind: ChatDocument['kind']; language: string | null; content: string },
  /** When it was made: copies made together get times apart, so they keep their order. */
  createdAt = new Date(),
): ChatDocument {
  const document = em.create(ChatDocument, {
    createdAt,
    updatedAt: createdAt,
    chat,
    user: em.getReference(User, userId),
    title: from.title,
    kind: from.kind,
    language: from.language,
    content: from.content,
    version: 1,
  });
  em.create(DocumentVersion, {
    document,
    version: 1,
    title: from.title,
    content: from.content,
    source: 'create',
  });
  return document;
}

/** Refuses a change made from an older version than the document's (CONFLICT). */
export function refuseStale(document: ChatDocument, baseVersion: number): void {
  if (baseVersion !== document.version)
    throw textError(
      'CONFLICT',
      msg(
        'This document changed since you opened it (it is now at version {version}): reload it to see the other change, then make yours again',
      ),
      { version: document.version },
    );
}

async function nextVersion(
  db: EntityManager,
  document: ChatDocument,
  change: { content: string; title: string; source: DocumentVersion['source'] },
): Promise<ChatDocument> {
  document.version += 1;
  document.content = change.content;
  document.title = change.title;
  db.create(DocumentVersion, {
    document,
    version: document.version,
    title: change.title,
    content: change.content,
    source: change.source,
  });
  await db.flush();
  return document;
}
