import type { EntityManager } from '@mikro-orm/postgresql';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import type { Storage } from '../../../platform/storage.ts';
import { parseInput } from '../../../platform/validation.ts';
import { Chat } from '../../chat/core/Chat.ts';
import { Message } from '../../chat/core/Message.ts';
import { requireChat } from '../../chat/core/service.ts';
import { CompareTurn } from '../../compare/core/CompareTurn.ts';
import { ChatDocument } from '../../documents/core/ChatDocument.ts';
import { StoredFile } from '../../files/core/File.ts';
import type { Source } from '../../knowledge/core/sources.ts';

/**
 * Export (issue 18, item 4): JSON is lossless (every branch, the path shown, each answer's status,
 * tokens and model, and each message's images as base64) and is what the importer reads back
 * (format "chorus"); Markdown is the conversation as the chat shows it, for people, its images
 * linked by their owner-only media URL. The importer stores the images again as the importing
 * user's own files (another account never gets at the exporter's storage).
 */
export const exportQuerySchema = z.object({
  format: z.enum(['json', 'md'], { error: msg('format must be json or md') }).default('json'),
});
export const exportAllQuerySchema = z.object({
  format: z.literal('json', { error: msg('format must be json (Markdown is per chat)') }).default('json'),
});

/** An image of a message, carried whole: version 2 of the format added these. */
export interface ExportedImage {
  name: string;
  contentType: string;
  /** The bytes, base64. */
  data: string;
  /** Its media URL here, which an @image answer's content names: the import points it at the copy. */
  url: string;
}

export interface ExportedDocument {
  title: string;
  kind: 'text' | 'code';
  language: string | null;
  content: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ExportedChat {
  id: string;
  title: string;
  assistant: string;
  mode: string | null;
  createdAt: string;
  updatedAt: string;
  /** The last message of the path the chat shows (its chosen versions); null without messages. */
  currentMessageId: string | null;
  /** Its compares (modules/compare): a prompt answered by several assistants, and the user's vote. */
  compares?: ExportedCompare[];
  /** Its canvas documents (modules/documents), as they are now (their versions stay here). */
  documents?: ExportedDocument[];
  /** Every message of every branch, oldest first; `parentId` makes the tree. */
  messages: {
    id: string;
    parentId: string | null;
    role: 'user' | 'assistant';
    content: string;
    model: string | null;
    status: 'complete' | 'streaming' | 'error' | 'stopped';
    error: string | null;
    tokens: number | null;
    modelName: string | null;
    createdAt: string;
    images: ExportedImage[];
    /** What an answer cites as [1], [2]... (knowledge/core/sources.ts); empty when nothing. */
    sources: Source[];
    /** Owner-only media URLs of the images (for the Markdown; not part of the JSON). */
    imageUrls?: string[];
  }[];
}

export interface ExportedCompare {
  promptId: string;
  assistants: string[];
  answerIds: string[];
  blind: boolean;
  winner: string | null;
  tie: boolean;
  votedAt: string | null;
}

/** Version 2 added `images` to each message; version 1 files (without them) still import. */
export const CHORUS_EXPORT_VERSION = 2;

export interface ChorusExport {
  format: 'chorus';
  version: typeof CHORUS_EXPORT_VERSION;
  exportedAt: string;
  chats: ExportedChat[];
}

/**
 * The images behind the messages' storage keys, each with its name and type from the user's file
 * row. An image whose object is gone (its file deleted) is left out rather than failing the export.
 */
async function imagesOf(
  em: EntityManager,
  storage: Storage,
  userId: string,
  messages: Message[],
): Promise<Map<string, ExportedImage>> {
  const keys = [...new Set(messages.flatMap((m) => m.images ?? []))];
  const out = new Map<string, ExportedImage>();
  if (!keys.length) return out;
  const files = await em.find(StoredFile, { user: userId, storageKey: { $in: keys } });
  const fileOf = new Map(files.map((f) => [f.storageKey, f]));
  for (const key of keys) {
    let bytes: Buffer;
    try {
      bytes = await storage.read(key);
    } catch {
      continue;
    }
    const file = fileOf.get(key);
    const contentType = file?.contentType ?? (await fileTypeFromBuffer(bytes))?.mime ?? 'image/png';
    out.set(key, {
      name: file?.name ?? key.split('/').pop() ?? 'image',
      contentType,
      data: bytes.toString('base64'),
      url: storage.privateUrlOf(key),
    });
  }
  return out;
}

async function exportedChats(
  em: EntityManager,
  storage: Storage,
  userId: string,
  chats: Chat[],
  options: { withImageData: boolean },
): Promise<ExportedChat[]> {
  const messages = chats.length
    ? await em.find(
        Message,
        { chat: { $in: chats.map((c) => c.id) } },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      )
    : [];
  // Markdown only links the images: their bytes are read for the JSON alone.
  const images = options.withImageData ? await imagesOf(em, storage, userId, messages) : new Map();
  const compares = chats.length ? await em.find(CompareTurn, { chat: { $in: chats.map((c) => c.id) } }) : [];
  const documents = chats.length
    ? await em.find(
        ChatDocument,
        { chat: { $in: chats.map((c) => c.id) } },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      )
    : [];
  return chats.map((chat) => ({
    id: chat.id,
    title: chat.title,
    assistant: chat.activeModel,
    mode: chat.mode ?? null,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
    currentMessageId: chat.currentMessageId ?? null,
    compares: compares
      .filter((t) => t.chat.id === chat.id)
      .map((t) => ({
        promptId: t.id,
        assistants: t.assistants,
        answerIds: t.answerIds,
        blind: t.blind,
        winner: t.winner ?? null,
        tie: t.tie,
        votedAt: t.votedAt?.toISOString() ?? null,
      })),
    documents: documents
      .filter((d) => d.chat.id === chat.id)
      .map((d) => ({
        title: d.title,
        kind: d.kind,
        language: d.language ?? null,
        content: d.content,
        version: d.version,
        createdAt: d.createdAt.toISOString(),
        updatedAt: d.updatedAt.toISOString(),
      })),
    messages: messages
      .filter((m) => m.chat.id === chat.id)
      .map((m) => ({
        id: m.id,
        parentId: m.parentId ?? null,
        role: m.role,
        content: m.content,
        model: m.model ?? null,
        status: m.status,
        error: m.error ?? null,
        tokens: m.tokens ?? null,
        modelName: m.modelName ?? null,
        createdAt: m.createdAt.toISOString(),
        images: (m.images ?? []).flatMap((key) => images.get(key) ?? []),
        sources: m.sources ?? [],
        ...(options.withImageData ? {} : { imageUrls: (m.images ?? []).map((k) => storage.privateUrlOf(k)) }),
      })),
  }));
}

/** The path a chat shows (from its first message to `currentMessageId`), oldest first. */
function shownPath(chat: ExportedChat): ExportedChat['messages'] {
  if (!chat.currentMessageId) return chat.messages;
  const byId = new Map(chat.messages.map((m) => [m.id, m]));
  const path: ExportedChat['messages'] = [];
  for (let m = byId.get(chat.currentMessageId); m && path.length <= chat.messages.length; ) {
    path.unshift(m);
    m = m.parentId ? byId.get(m.parentId) : undefined;
  }
  return path;
}

const envelope = (chats: ExportedChat[]): ChorusExport => ({
  format: 'chorus',
  version: CHORUS_EXPORT_VERSION,
  exportedAt: new Date().toISOString(),
  chats,
});

/** A file name from the title: letters, digits and dashes only, never empty. */
export const exportFileName = (title: string, ext: string) =>
  `${
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'chat'
  }.${ext}`;

export function chatMarkdown(chat: ExportedChat): string {
  const lines = [`# ${chat.title}`, '', `_Assistant: ${chat.assistant} · started ${chat.createdAt}_`, ''];
  // For people: the conversation as the chat shows it (the versions chosen), not every branch.
  for (const m of shownPath(chat)) {
    lines.push(m.role === 'user' ? '## You' : `## Assistant${m.model ? ` (${m.model})` : ''}`, '');
    lines.push(`_${m.createdAt}_`, '', m.content, '');
    // Linked, not embedded: the owner-only URLs open for the exporter signed in to Chorus.
    // An @image answer names its picture in its content already.
    (m.imageUrls ?? []).forEach((url, i) => {
      if (!m.content.includes(url)) lines.push(`![Image ${i + 1}](${url})`, '');
    });
    // The sources its [n] markers cite, as a numbered list under the answer.
    if (m.sources.length > 0) {
      lines.push('Sources:', '');
      for (const s of m.sources) {
        const where = `${s.title}${s.page ? `, page ${s.page}` : ''}`;
        lines.push(`${s.n}. ${s.url && /^https?:/i.test(s.url) ? `[${where}](${s.url})` : where}`);
      }
      lines.push('');
    }
  }
  // Its canvas documents after the conversation, each under its title (code fenced in its language).
  for (const d of chat.documents ?? []) {
    lines.push(`## Document: ${d.title}`, '');
    lines.push(d.kind === 'code' ? `\`\`\`\`${d.language ?? ''}\n${d.content}\n\`\`\`\`` : d.content, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** One chat of the user's (404 for anyone else's) as a download: body, type and file name. */
export async function exportChat(
  em: EntityManager,
  storage: Storage,
  userId: string,
  chatId: string,
  query: unknown,
): Promise<{ body: string; contentType: string; filename: string }> {
  const { format } = parseInput(exportQuerySchema, query);
  const chat = await requireChat(em, userId, chatId);
  const [exported] = await exportedChats(em, storage, userId, [chat], { withImageData: format === 'json' });
  if (format === 'md') {
    return {
      body: chatMarkdown(exported!),
      contentType: 'text/markdown; charset=utf-8',
      filename: exportFileName(chat.title, 'md'),
    };
  }
  return {
    body: JSON.stringify(envelope([exported!]), null, 2),
    contentType: 'application/json; charset=utf-8',
    filename: exportFileName(chat.title, 'json'),
  };
}

/** All the user's chats, oldest first, as one Chorus JSON file. */
export async function exportAllChats(
  em: EntityManager,
  storage: Storage,
  userId: string,
  query: unknown,
): Promise<{ body: string; contentType: string; filename: string }> {
  parseInput(exportAllQuerySchema, query);
  const chats = await em.find(Chat, { user: userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return {
    body: JSON.stringify(
      envelope(await exportedChats(em, storage, userId, chats, { withImageData: true })),
      null,
      2,
    ),
    contentType: 'application/json; charset=utf-8',
    filename: `chorus-chats-${new Date().toISOString().slice(0, 10)}.json`,
  };
}
