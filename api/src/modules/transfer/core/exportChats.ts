import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../../../platform/validation.ts';
import { Chat } from '../../chat/core/Chat.ts';
import { Message } from '../../chat/core/Message.ts';
import { requireChat } from '../../chat/core/service.ts';

/**
 * Export (issue 18, item 4): JSON is lossless (every branch, the path shown, each answer's status,
 * tokens and model) and is what the importer reads back (format "chorus"); Markdown is the
 * conversation as the chat shows it, for people. Images are not carried: their files are the
 * user's own storage, which another account cannot take over.
 */
export const exportQuerySchema = z.object({
  format: z.enum(['json', 'md'], { error: 'format must be json or md' }).default('json'),
});
export const exportAllQuerySchema = z.object({
  format: z.literal('json', { error: 'format must be json (Markdown is per chat)' }).default('json'),
});

export interface ExportedChat {
  id: string;
  title: string;
  assistant: string;
  mode: string | null;
  createdAt: string;
  updatedAt: string;
  /** The last message of the path the chat shows (its chosen versions); null without messages. */
  currentMessageId: string | null;
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
  }[];
}

export interface ChorusExport {
  format: 'chorus';
  version: 1;
  exportedAt: string;
  chats: ExportedChat[];
}

async function exportedChats(em: EntityManager, chats: Chat[]): Promise<ExportedChat[]> {
  const messages = chats.length
    ? await em.find(
        Message,
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
  version: 1,
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
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** One chat of the user's (404 for anyone else's) as a download: body, type and file name. */
export async function exportChat(
  em: EntityManager,
  userId: string,
  chatId: string,
  query: unknown,
): Promise<{ body: string; contentType: string; filename: string }> {
  const { format } = parseInput(exportQuerySchema, query);
  const chat = await requireChat(em, userId, chatId);
  const [exported] = await exportedChats(em, [chat]);
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
  userId: string,
  query: unknown,
): Promise<{ body: string; contentType: string; filename: string }> {
  parseInput(exportAllQuerySchema, query);
  const chats = await em.find(Chat, { user: userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return {
    body: JSON.stringify(envelope(await exportedChats(em, chats)), null, 2),
    contentType: 'application/json; charset=utf-8',
    filename: `chorus-chats-${new Date().toISOString().slice(0, 10)}.json`,
  };
}
