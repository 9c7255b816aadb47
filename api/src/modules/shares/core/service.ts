import { randomBytes } from 'node:crypto';
import type { SharedDocument, SharedMessage, SharedSource } from '@chorus/shared/sharedChat';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fileTypeFromBuffer } from 'file-type';
import { lockUntilCommit } from '../../../platform/db.ts';
import { notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { Storage } from '../../../platform/storage.ts';
import { parseInput } from '../../../platform/validation.ts';
import { User } from '../../accounts/core/User.ts';
import { Chat } from '../../chat/core/Chat.ts';
import { findAssistant } from '../../chat/core/catalogue.ts';
import { Message } from '../../chat/core/Message.ts';
import { listMessages, requireChat } from '../../chat/core/service.ts';
import { copyDocument, listOfChat } from '../../documents/core/service.ts';
import { CHAT_IMAGE_TYPES, storeImportedImage } from '../../files/core/images.ts';
import type { Source } from '../../knowledge/core/sources.ts';
import {
  type DirectMessageView,
  openConversation,
  sendDirectMessage,
} from '../../social/core/directMessages.ts';
import { ChatShare, type SharedMessageSnapshot } from './ChatShare.ts';
import { SHARE_TOKEN, sendShareInput, shareImageIndex } from './schemas.ts';
import { copyCompare, sharedCompareView, snapshotCompares } from './sharedCompares.ts';

/**
 * Share links: the owner snapshots a chat behind a random token; anyone with the link reads the
 * snapshot (signed out too), a signed-in reader can continue it as their own chat. Owner operations
 * answer 404 for a chat or link that is not the caller's, exactly as for one that does not exist.
 */

/** Messages kept in one share, the most a chat's history shows. */
const SHARE_MESSAGE_LIMIT = 1000;
/** Live links per chat: each holds a copy of the chat, so they can't pile up without end. */
export const SHARES_PER_CHAT = 20;
const notFoundShare = () => notFound(msg('Share link not found'));

export const sharePath = (token: string) => `/share/${token}`;
export const shareImagePath = (token: string, n: number) => `/api/shares/${token}/images/${n}`;

export async function createShare(em: EntityManager, userId: string, chatId: string): Promise<ChatShare> {
  const chat = await requireChat(em, userId, chatId);
  if ((await em.count(ChatShare, { chat: chat.id })) >= SHARES_PER_CHAT) {
    throw textError('CONFLICT', msg('A chat can have at most {max} links: revoke one to make another'), {
      max: SHARES_PER_CHAT,
    });
  }
  const messages = (await listMessages(em, userId, chat.id, { limit: SHARE_MESSAGE_LIMIT }))
    // An answer still being written is not part of the chat "as it is now".
    .filter((m) => m.status !== 'streaming');
  const compares = await snapshotCompares(em, userId, messages);
  const snapshot: SharedMessageSnapshot[] = messages.map((m) => {
    const compare = compares.get(m.id);
    return {
      role: m.role,
      content: m.content,
      model: m.model ?? null,
      createdAt: m.createdAt.toISOString(),
      images: [...(m.images ?? [])],
      ...(compare ? { compare } : {}),
      ...(m.sources?.length ? { sources: sharedSources(m.sources) } : {}),
    };
  });
  const documents = (await listOfChat(em, chat.id)).map((d) => ({
    title: d.title,
    kind: d.kind,
    language: d.language ?? null,
    content: d.content,
  }));
  const share = em.create(ChatShare, {
    token: randomBytes(32).toString('base64url'),
    chat,
    user: em.getReference(User, userId),
    title: chat.title,
    messages: snapshot,
    documents,
  });
  await em.flush();
  return share;
}

/**
 * An answer's sources as a link shows them: a file's passage (name, page, words) without the link to
 * the file, which only its owner may open; web pages as they are.
 */
export function sharedSources(sources: Source[]): SharedSource[] {
  return sources.map((s) => ({
    n: s.n,
    kind: s.kind,
    title: s.title,
    url: s.kind === 'web' ? s.url : null,
    page: s.page,
    snippet: s.snippet,
  }));
}

/** The links to one of the user's chats, newest first. */
export async function listShares(em: EntityManager, userId: string, chatId: string): Promise<ChatShare[]> {
  const chat = await requireChat(em, userId, chatId);
  return em.find(ChatShare, { chat: chat.id, user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}

/**
 * A live link by its token, whoever asks; 404 for a malformed, unknown or revoked one, and while its
 * owner is banned (a ban hides their public content: moderation/core/restrictions.ts).
 */
export async function requireShare(em: EntityManager, token: string): Promise<ChatShare> {
  const share = SHARE_TOKEN.test(token)
    ? await em.findOne(ChatShare, { token, user: { bannedAt: null } })
    : null;
  if (!share) throw notFoundShare();
  return share;
}

async function requireOwnShare(em: EntityManager, userId: string, token: string): Promise<ChatShare> {
  const share = SHARE_TOKEN.test(token) ? await em.findOne(ChatShare, { token, user: userId }) : null;
  if (!share) throw notFoundShare();
  return share;
}

/** Revoking forgets the link: its page, JSON and images answer 404 from now on. */
export async function revokeShare(em: EntityManager, userId: string, token: string): Promise<void> {
  await em.remove(await requireOwnShare(em, userId, token)).flush();
}

/** What a reader sees: the snapshot, each image by its share-scoped URL. */
export interface SharedChatView {
  token: string;
  title: string;
  createdAt: Date;
  messages: SharedMessage[];
  documents: SharedDocument[];
}

/**
 * The snapshot as readers see it. An image is named by its place in the share, never by its storage
 * key; an answer's Markdown that shows its owner-only URL shows the share's instead.
 */
export function sharedChatView(share: ChatShare, storage: Pick<Storage, 'privateUrlOf'>): SharedChatView {
  let n = 0;
  const messages: SharedMessage[] = [];
  // The answer a compare's prompt went on from is one of its columns: not shown again after them.
  let inCompare = false;
  for (const m of share.messages) {
    // Numbered over the whole snapshot (shareImageKey), shown or not.
    const urls = new Map(
      m.images.map((key) => [storage.privateUrlOf(key), shareImagePath(share.token, n++)]),
    );
    if (inCompare && m.role === 'assistant') {
      inCompare = false;
      continue;
    }
    inCompare = (m.compare?.chosen ?? null) !== null;
    const assistant = m.role === 'assistant' && m.model ? findAssistant(m.model) : undefined;
    const compare = m.compare ? sharedCompareView(m.compare) : null;
    messages.push({
      role: m.role,
      content: replaceUrls(m.content, urls),
      // A blind compare's prompt names the first assistant asked: not shown while names are hidden.
      model: compare && !compare.namesShown ? null : m.model,
      assistantName: assistant?.name ?? null,
      assistantColor: assistant?.color ?? null,
      createdAt: m.createdAt,
      images: [...urls.values()],
      compare,
      sources: m.sources ?? [],
    });
  }
  return {
    token: share.token,
    title: share.title,
    createdAt: share.createdAt,
    messages,
    documents: share.documents ?? [],
  };
}

function replaceUrls(content: string, urls: Map<string, string>): string {
  let text = content;
  for (const [from, to] of urls) text = text.split(from).join(to);
  return text;
}

/** The storage key of a live share's n-th image; 404 when there is no such image. */
export async function shareImageKey(em: EntityManager, token: string, index: string): Promise<string> {
  const share = await requireShare(em, token);
  const n = shareImageIndex.safeParse(index);
  const key = n.success ? share.messages.flatMap((m) => m.images)[n.data] : undefined;
  if (!key) throw notFound(msg('Image not found'));
  return key;
}

/**
 * "Continue this chat": a new chat of the caller's with the snapshot's messages. Images are copied
 * into the caller's own files (the sharer's stay private to them); one gone from storage is left out.
 * Each copy is held to the caller's storage quota exactly as an upload is (files/core/service.ts
 * insertWithinQuota: its per-user lock is held to this transaction's commit, so parallel copies are
 * counted together); over quota nothing is kept: the transaction rolls back and the objects stored
 * so far are deleted. The copy's title differs from the caller's other chats ("… (copy)", "(copy 2)").
 */
export async function continueShare(
  em: EntityManager,
  storage: Storage,
  userId: string,
  token: string,
): Promise<Chat> {
  const share = await requireShare(em, token);
  const source = await em.findOne(Chat, { id: share.chat.id });
  const stored: string[] = [];
  try {
    return await em.transactional(async (tem) => {
      const chat = tem.create(Chat, {
        user: tem.getReference(User, userId),
        title: await copyTitle(tem, userId, share.title),
        activeModel: source?.activeModel ?? 'gpt',
        mode: source?.mode ?? null,
      });
      // The copy is one path: each message follows the one before it, and the last is current. A
      // compare's prompt brings its answers along (sharedCompares.ts): the one the chat went on
      // from stands for the next message of the snapshot, which is that answer.
      let previous: string | null = null;
      let chosen: Message | null = null;
      for (const m of share.messages) {
        if (chosen && m.role === 'assistant') {
          previous = chosen.id;
          chosen = null;
          continue;
        }
        chosen = null;
        const images: string[] = [];
        // The copy's Markdown points at the caller's copies of its images, not the sharer's originals.
        const urls = new Map<string, string>();
        for (const key of m.images) {
          const copy = await copyImage(tem, storage, userId, key, stored);
          if (!copy) continue;
          images.push(copy);
          urls.set(storage.privateUrlOf(key), storage.privateUrlOf(copy));
        }
        const copied: Message = tem.create(Message, {
          chat,
          role: m.role,
          content: replaceUrls(m.content, urls),
          model: m.model,
          status: 'complete',
          images,
          parentId: previous,
          createdAt: new Date(m.createdAt),
          // The citations stay readable in the copy: the passages' words, the pages' links.
          sources: m.sources?.length ? m.sources.map((s) => ({ ...s, fileId: null })) : null,
        });
        previous = copied.id;
        if (m.compare) chosen = await copyCompare(tem, copied, m.compare, userId);
      }
      chat.currentMessageId = previous;
      // The documents come along as the reader's own, each at its first version.
      const copiedAt = Date.now();
      for (const [i, d] of (share.documents ?? []).entries())
        copyDocument(tem, chat, userId, d, new Date(copiedAt + i));
      await tem.flush();
      return chat;
    });
  } catch (err) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw err;
  }
}

/** Chat titles are at most this long (chat/core/Chat.ts). */
const TITLE_MAX = 200;

/**
 * The shared title, or the first of "<title> (copy)", "<title> (copy 2)", … that none of the
 * user's chats has. A per-user lock (to the transaction's end) keeps two parallel copies apart.
 */
async function copyTitle(tem: EntityManager, userId: string, title: string): Promise<string> {
  await lockUntilCommit(tem, `chat-copy-title:${userId}`);
  const base = title.slice(0, TITLE_MAX);
  const taken = new Set(
    (
      await tem.execute<{ title: string }[]>(
        `select title from chats where user_id = ? and left(title, ?) = left(?, ?)`,
        [userId, Math.min(base.length, TITLE_MAX - 12), base, Math.min(base.length, TITLE_MAX - 12)],
      )
    ).map((r) => r.title),
  );
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : n === 2 ? ' (copy)' : ` (copy ${n - 1})`;
    const candidate = `${base.slice(0, TITLE_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

async function copyImage(em: EntityManager, storage: Storage, userId: string, key: string, stored: string[]) {
  const bytes = await storage.read(key).catch(() => null);
  if (!bytes) return null;
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(CHAT_IMAGE_TYPES as readonly string[]).includes(type.mime)) return null;
  const name = key.split('/').pop() ?? `image.${type.ext}`;
  return storeImportedImage(em, storage, userId, { name, bytes }, stored);
}

/** Sends the owner's link to a friend as a direct message (friends only, as every DM). */
export async function sendShareToFriend(
  em: EntityManager,
  userId: string,
  token: string,
  input: unknown,
  publicUrl: string,
): Promise<DirectMessageView> {
  const { friendId } = parseInput(sendShareInput, input);
  const share = await requireOwnShare(em, userId, token);
  const conversation = await openConversation(em, userId, friendId);
  return sendDirectMessage(em, userId, conversation.id, {
    content: `${share.title}\n${publicUrl}${sharePath(share.token)}`,
  });
}
