import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { chatModes } from '../../chat/core/schemas.ts';
import { CHAT_IMAGE_TYPES, IMAGE_MAX_BYTES } from '../../files/core/images.ts';
import type { Source } from '../../knowledge/core/sources.ts';

/**
 * The three chat archive formats Chorus reads (issue 18, item 4): its own lossless JSON, ChatGPT's
 * `conversations.json` (a `mapping` tree of nodes per conversation) and Claude's export (a list of
 * conversations with `chat_messages`). Each is read one conversation at a time into the same
 * neutral shape, so a bad conversation fails the import where it is (and the transaction with it).
 */
export const importFormats = ['chorus', 'chatgpt', 'claude'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** One message as the importer writes it. */
export interface ImportedMessage {
  /** Its id in the file, which its replies name as their parent. */
  key: string;
  /** The key of the message it follows; null for a first prompt (and its edits). */
  parentKey: string | null;
  role: 'user' | 'assistant';
  content: string;
  model: string | null;
  createdAt: Date;
  status: 'complete' | 'error' | 'stopped';
  error: string | null;
  tokens: number | null;
  modelName: string | null;
  /** Its images (Chorus exports from version 2), stored again as the importing user's. */
  images: { name: string; bytes: Buffer; url?: string }[];
  /** What an answer cites (Chorus exports); a file's passage keeps no link to the exporter's file. */
  sources?: Source[];
}

/**
 * One conversation as the importer writes it, whatever file it came from: a tree of messages (a
 * chain when it has no branches) and the leaf of the path it shows.
 */
export interface ImportedConversation {
  /** The source's own id: with the content it makes the idempotency hash. */
  sourceId: string;
  title: string;
  assistant: string;
  mode: (typeof chatModes)[number] | null;
  createdAt: Date;
  /** Each message after the one it follows (file order among the rest). */
  messages: ImportedMessage[];
  /** The key of the message the chat shows its path to; null when it has none. */
  currentKey: string | null;
  /** Its compares (Chorus exports only), by the keys of their prompt and answers. */
  compares?: ImportedCompare[];
  /** Its canvas documents (Chorus exports only), each imported at its first version. */
  documents?: ImportedDocument[];
}

/** A canvas document as the importer writes it (modules/documents/core/ChatDocument.ts). */
export interface ImportedDocument {
  title: string;
  kind: 'text' | 'code';
  language: string | null;
  content: string;
}

/** A compare as the importer writes it (modules/compare/core/CompareTurn.ts). */
export interface ImportedCompare {
  promptKey: string;
  assistants: string[];
  answerKeys: string[];
  blind: boolean;
  winner: string | null;
  tie: boolean;
  votedAt: Date | null;
}

const isoDate = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const d = typeof v === 'number' ? new Date(v * 1000) : new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: `"${v}" is not a date` });
    return z.NEVER;
  }
  return d;
});

// ---- Chorus (our own export) ----------------------------------------------------------------

/** More than a prompt can carry (4) or an answer makes: a bound, so a file cannot ask for thousands. */
const MAX_IMAGES_PER_MESSAGE = 8;

/** An image of a version 2 export: a type a chat accepts, base64 bytes within the chat image limit. */
export const chorusImageSchema = z.object({
  name: z.string().max(255),
  contentType: z.enum(CHAT_IMAGE_TYPES, { error: msg('contentType must be image/png, jpeg, gif or webp') }),
  data: z
    .string()
    .max(Math.ceil(IMAGE_MAX_BYTES / 3) * 4, { error: msg('an image can be at most 10 MB') })
    .transform((data, ctx) => {
      const bytes = Buffer.from(data, 'base64');
      // Buffer.from skips what is not base64 instead of refusing it: the bytes must encode back
      // to exactly the text given (as an export writes it).
      if (bytes.toString('base64') !== data) {
        ctx.addIssue({ code: 'custom', message: 'data is not base64' });
        return z.NEVER;
      }
      if (bytes.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'the image is empty' });
        return z.NEVER;
      }
      if (bytes.length > IMAGE_MAX_BYTES) {
        ctx.addIssue({ code: 'custom', message: 'an image can be at most 10 MB' });
        return z.NEVER;
      }
      return bytes;
    }),
  /** Where the exporter had it; the content's mentions of it are pointed at the imported copy. */
  url: z
    .string()
    .max(1000)
    .regex(/^\/media\//, { error: msg('url must be a /media/ address') })
    .optional(),
});

/**
 * A source an exported answer cites. Imported, a file's passage keeps its name, page and words but
 * no link: the file is the exporter's, not the importer's.
 */
const chorusSourceSchema = z
  .object({
    n: z.number().int().min(1).max(1000),
    kind: z.enum(['file', 'web']),
    title: z.string().max(500),
    url: z.string().max(2000).nullable().optional(),
    fileId: z.string().nullable().optional(),
    page: z.number().int().min(1).nullable().optional(),
    snippet: z.string().max(5000),
  })
  .transform(
    (s): Source => ({
      n: s.n,
      kind: s.kind,
      title: s.title,
      url: s.kind === 'web' && s.url && /^https?:\/\//i.test(s.url) ? s.url : null,
      fileId: null,
      page: s.page ?? null,
      snippet: s.snippet,
    }),
  );

export const chorusMessageSchema = z.object({
  id: z.string().min(1).max(200).optional(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  model: z.string().max(32).nullable().optional(),
  createdAt: isoDate,
  /** Present once messages form a tree (issue 18, item 2); absent everywhere means the list is the path. */
  parentId: z.string().nullable().optional(),
  /** An answer still being written when it was exported comes back as stopped. */
  status: z
    .enum(['complete', 'streaming', 'error', 'stopped'])
    .transform((v) => (v === 'streaming' ? 'stopped' : v))
    .optional(),
  error: z.string().max(10_000).nullable().optional(),
  tokens: z.number().int().nonnegative().max(2_000_000_000).nullable().optional(),
  modelName: z.string().max(100).nullable().optional(),
  images: z
    .array(chorusImageSchema)
    .max(MAX_IMAGES_PER_MESSAGE, { error: `a message can carry at most ${MAX_IMAGES_PER_MESSAGE} images` })
    .optional(),
  sources: z
    .array(chorusSourceSchema)
    .max(50, { error: msg('a message can cite at most 50 sources') })
    .optional(),
});

/**
 * A chat of a Chorus export. With `parentId`s its messages are a tree: each must name a message of
 * the same chat, the parents must not loop, and `currentMessageId` (the path shown) must be one of
 * its messages; every problem is an issue at its place, so the import fails saying where.
 */
export const chorusChatSchema = z
  .object({
    id: z.string().min(1),
    title: z.string().max(200),
    assistant: z.string().max(32),
    mode: z.string().nullable().optional(),
    createdAt: isoDate,
    currentMessageId: z.string().nullable().optional(),
    messages: z.array(chorusMessageSchema),
    compares: z
      .array(
        z
          .object({
            promptId: z.string(),
            assistants: z.array(z.string().max(32)).min(2).max(8),
            answerIds: z.array(z.string()).min(2).max(8),
            blind: z.boolean().optional(),
            winner: z.string().max(32).nullable().optional(),
            tie: z.boolean().optional(),
            votedAt: isoDate.nullable().optional(),
          })
          .refine((c) => c.assistants.length === c.answerIds.length, {
            message: 'a compare names one answer per assistant',
          }),
      )
      .max(10_000)
      .optional(),
    documents: z
      .array(
        z.object({
          title: z.string().trim().min(1).max(200),
          kind: z.enum(['text', 'code']),
          language: z
            .string()
            .max(32)
            .regex(/^[a-z0-9+#._-]*$/i)
            .nullable()
            .optional(),
          content: z.string().max(200_000, { error: msg('a document is at most 200,000 characters') }),
        }),
      )
      .max(50, { error: msg('a chat holds at most 50 documents') })
      .optional(),
  })
  .superRefine((chat, ctx) => {
    if (!chat.messages.some((m) => m.parentId !== undefined)) return;
    const index = new Map<string, number>();
    chat.messages.forEach((m, i) => {
      if (m.id === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['messages', i, 'id'],
          message: 'a message of a tree needs its id',
        });
      else if (index.has(m.id))
        ctx.addIssue({ code: 'custom', path: ['messages', i, 'id'], message: `"${m.id}" is used twice` });
      else index.set(m.id, i);
    });
    chat.messages.forEach((m, i) => {
      if (m.parentId && !index.has(m.parentId))
        ctx.addIssue({
          code: 'custom',
          path: ['messages', i, 'parentId'],
          message: `"${m.parentId}" is no message of this chat`,
        });
    });
    // Each message's walk up to its root, but a message met before is not walked again: linear in
    // the chat's length (a 40,000-message chain once took 94 s walked from every message).
    const loop = firstInLoop(chat.messages.map((m) => (m.parentId ? (index.get(m.parentId) ?? -1) : -1)));
    if (loop !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['messages', loop, 'parentId'],
        message: 'the parents form a loop',
      });
    for (const [i, compare] of (chat.compares ?? []).entries()) {
      for (const id of [compare.promptId, ...compare.answerIds])
        if (!index.has(id))
          ctx.addIssue({
            code: 'custom',
            path: ['compares', i],
            message: `"${id}" is no message of this chat`,
          });
    }
    if (chat.currentMessageId && !index.has(chat.currentMessageId))
      ctx.addIssue({
        code: 'custom',
        path: ['currentMessageId'],
        message: `"${chat.currentMessageId}" is no message of this chat`,
      });
  });

/**
 * The first message (by position) whose parents lead round a loop, or null when every walk up ends
 * at a root. `parentOf[i]` is the position of message i's parent, -1 for none. Each message is
 * walked at most once (marked on the way, then settled), so it takes time linear in their number.
 */
export function firstInLoop(parentOf: readonly number[]): number | null {
  const WALKING = 1;
  const SETTLED = 2;
  const state = new Uint8Array(parentOf.length);
  let first: number | null = null;
  for (let start = 0; start < parentOf.length; start += 1) {
    if (state[start]) continue;
    const path: number[] = [];
    let at = start;
    while (at >= 0 && !state[at]) {
      state[at] = WALKING;
      path.push(at);
      at = parentOf[at] ?? -1;
    }
    // Back on this walk's own path: the messages from there round are a loop.
    if (at >= 0 && state[at] === WALKING) {
      const loopStart = path.indexOf(at);
      for (const i of path.slice(loopStart)) if (first === null || i < first) first = i;
    }
    for (const i of path) state[i] = SETTLED;
  }
  return first;
}

export const chorusFileSchema = z.object({
  format: z.literal('chorus'),
  // 2 added each message's images; a version 1 file is the same without them.
  version: z.union([z.literal(1), z.literal(2)]),
  chats: z.array(z.unknown()),
});

// ---- ChatGPT conversations.json --------------------------------------------------------------

const chatgptNodeSchema = z.object({
  id: z.string(),
  parent: z.string().nullable().optional(),
  children: z.array(z.string()).default([]),
  message: z
    .object({
      author: z.object({ role: z.string() }),
      content: z
        .object({ parts: z.array(z.unknown()).optional(), text: z.string().optional() })
        .passthrough(),
      create_time: z.number().nullable().optional(),
      metadata: z
        .object({ model_slug: z.string().nullable().optional() })
        .passthrough()
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});

export const chatgptConversationSchema = z.object({
  id: z.string().optional(),
  conversation_id: z.string().optional(),
  title: z.string().nullable().optional(),
  create_time: z.number().nullable().optional(),
  current_node: z.string().nullable().optional(),
  mapping: z.record(z.string(), chatgptNodeSchema),
});

// ---- Claude export -----------------------------------------------------------------------------

export const claudeConversationSchema = z.object({
  uuid: z.string().min(1),
  name: z.string().nullable().optional(),
  created_at: isoDate,
  chat_messages: z.array(
    z.object({
      uuid: z.string().optional(),
      sender: z.enum(['human', 'assistant']),
      text: z.string(),
      created_at: isoDate,
    }),
  ),
});

const titled = (title: string | null | undefined) => (title?.trim() || 'Imported chat').slice(0, 200);

/** Which format a parsed file is in, or null for anything else (a foreign file). */
export function detectFormat(doc: unknown): ImportFormat | null {
  if (chorusFileSchema.safeParse(doc).success) return 'chorus';
  if (!Array.isArray(doc) || doc.length === 0) return null;
  const first = doc[0];
  if (typeof first !== 'object' || first === null) return null;
  if ('mapping' in first) return 'chatgpt';
  if ('chat_messages' in first) return 'claude';
  return null;
}

/** The file's conversations, not yet validated one by one; null when the file is not in `format`. */
export function conversationsOf(doc: unknown, format: ImportFormat): unknown[] | null {
  if (format === 'chorus') {
    const file = chorusFileSchema.safeParse(doc);
    return file.success ? file.data.chats : null;
  }
  return Array.isArray(doc) && detectFormat(doc) === format ? doc : null;
}

/**
 * The leaf reached from `start` by taking the newest reply at each turn (the last child: ChatGPT
 * and Chorus both list a turn's versions oldest first), as the app does when a version is chosen.
 */
function newestLeaf(start: string, childrenOf: (key: string) => string[]): string {
  let at = start;
  const seen = new Set<string>([at]);
  for (let next = childrenOf(at).at(-1); next && !seen.has(next); next = childrenOf(at).at(-1)) {
    seen.add(next);
    at = next;
  }
  return at;
}

function childrenIndex(messages: ImportedMessage[]): (key: string) => string[] {
  const children = new Map<string, string[]>();
  for (const m of messages) {
    if (m.parentKey === null) continue;
    const list = children.get(m.parentKey);
    if (list) list.push(m.key);
    else children.set(m.parentKey, [m.key]);
  }
  return (key) => children.get(key) ?? [];
}

type ChatgptConversation = z.infer<typeof chatgptConversationSchema>;

/**
 * ChatGPT keeps every branch of a conversation in `mapping`: each node names its parent and its
 * children (the versions of the next turn, oldest first). Every user and assistant message with
 * text becomes a message; system prompts, tool calls and empty nodes are skipped, their children
 * hanging from the nearest message above them. The chat shows the path to `current_node`.
 */
function readChatgpt(conv: ChatgptConversation): ImportedConversation {
  const { mapping } = conv;
  // Parents that lead round a loop would leave those messages with no root to hang from: the
  // import fails saying so rather than leaving them out (or coming out as an empty chat).
  const ids = Object.keys(mapping);
  const position = new Map(ids.map((id, i) => [id, i]));
  const loop = firstInLoop(ids.map((id) => position.get(mapping[id]!.parent ?? '') ?? -1));
  if (loop !== null) {
    throw new z.ZodError([
      {
        code: 'custom',
        path: ['mapping', ids[loop]!, 'parent'],
        message: 'the parents form a loop',
        input: mapping[ids[loop]!]?.parent,
      },
    ]);
  }
  const createdAt = new Date((conv.create_time ?? 0) * 1000);
  const messages: ImportedMessage[] = [];
  const kept = new Set<string>();
  const textOf = (node: (typeof mapping)[string]) => {
    const m = node.message;
    if (!m || (m.author.role !== 'user' && m.author.role !== 'assistant')) return null;
    const content = (m.content.parts ?? [m.content.text ?? ''])
      .filter((part): part is string => typeof part === 'string')
      .join('\n')
      .trim();
    return content || null;
  };
  // Depth first from the roots, children in their order: a parent is always listed before its
  // replies, and the versions of a turn keep their order. `seen` guards against a looping file.
  const seen = new Set<string>();
  const roots = Object.values(mapping).filter((n) => !n.parent || !mapping[n.parent]);
  const stack: { id: string; parentKey: string | null }[] = roots
    .map((n) => ({ id: n.id, parentKey: null }))
    .reverse();
  while (stack.length) {
    const { id, parentKey } = stack.pop()!;
    const node = mapping[id];
    if (!node || seen.has(id)) continue;
    seen.add(id);
    const content = textOf(node);
    let under = parentKey;
    if (content !== null && node.message) {
      const role = node.message.author.role as 'user' | 'assistant';
      messages.push({
        key: id,
        parentKey,
        role,
        content,
        model: role === 'assistant' ? 'gpt' : null,
        createdAt: node.message.create_time ? new Date(node.message.create_time * 1000) : createdAt,
        status: 'complete',
        error: null,
        tokens: null,
        modelName: role === 'assistant' ? (node.message.metadata?.model_slug?.slice(0, 100) ?? null) : null,
        images: [],
      });
      kept.add(id);
      under = id;
    }
    for (const child of [...node.children].reverse()) stack.push({ id: child, parentKey: under });
  }
  // The current node, or the nearest message above it (it may be a tool call or an empty node).
  let current: string | null = null;
  const walked = new Set<string>();
  for (
    let at = conv.current_node ?? undefined;
    at && mapping[at] && !walked.has(at);
    at = mapping[at]!.parent ?? undefined
  ) {
    walked.add(at);
    if (kept.has(at)) {
      current = at;
      break;
    }
  }
  const childrenOf = childrenIndex(messages);
  if (current === null) {
    const lastRoot = messages.filter((m) => m.parentKey === null).at(-1);
    current = lastRoot ? newestLeaf(lastRoot.key, childrenOf) : null;
  }
  return {
    sourceId: conv.conversation_id ?? conv.id ?? JSON.stringify(Object.keys(conv.mapping)),
    title: titled(conv.title),
    assistant: 'gpt',
    mode: null,
    createdAt,
    messages,
    currentKey: current,
  };
}

/** A Chorus chat: its tree as exported, or (an export from before branches) its list as one path. */
function readChorus(raw: unknown): ImportedConversation {
  const chat = chorusChatSchema.parse(raw);
  const tree = chat.messages.some((m) => m.parentId !== undefined);
  const keys = chat.messages.map((m, i) => (tree ? m.id! : (m.id ?? `#${i}`)));
  const messages: ImportedMessage[] = chat.messages.map((m, i) => ({
    key: keys[i]!,
    parentKey: tree ? (m.parentId ?? null) : i > 0 ? keys[i - 1]! : null,
    role: m.role,
    content: m.content,
    model: m.model ?? null,
    createdAt: m.createdAt,
    status: m.status ?? 'complete',
    error: m.error ?? null,
    tokens: m.tokens ?? null,
    modelName: m.modelName ?? null,
    images: (m.images ?? []).map((image) => ({ name: image.name, bytes: image.data, url: image.url })),
    ...(m.sources?.length ? { sources: m.sources } : {}),
  }));
  const last = messages.at(-1);
  return {
    sourceId: chat.id,
    title: titled(chat.title),
    assistant: chat.assistant,
    mode: (chatModes as readonly string[]).includes(chat.mode ?? '')
      ? (chat.mode as ImportedConversation['mode'])
      : null,
    createdAt: chat.createdAt,
    messages,
    currentKey: chat.currentMessageId ?? (last ? newestLeaf(last.key, childrenIndex(messages)) : null),
    compares: tree
      ? (chat.compares ?? []).map((c) => ({
          promptKey: c.promptId,
          assistants: c.assistants,
          answerKeys: c.answerIds,
          blind: c.blind ?? false,
          winner: c.winner ?? null,
          tie: c.tie ?? false,
          votedAt: c.votedAt ?? null,
        }))
      : [],
    documents: (chat.documents ?? []).map((d) => ({
      title: d.title,
      kind: d.kind,
      language: d.language ?? null,
      content: d.content,
    })),
  };
}

/**
 * One conversation of a file in the neutral shape; throws a ZodError naming what is wrong.
 * System prompts, tool calls and non-text parts (images, files) have no place in a Chorus chat.
 */
export function readConversation(format: ImportFormat, raw: unknown): ImportedConversation {
  if (format === 'chorus') return readChorus(raw);
  if (format === 'chatgpt') return readChatgpt(chatgptConversationSchema.parse(raw));
  const conv = claudeConversationSchema.parse(raw);
  const messages: ImportedMessage[] = conv.chat_messages
    .filter((m) => m.text.trim())
    .map((m, i) => ({
      key: `#${i}`,
      parentKey: i > 0 ? `#${i - 1}` : null,
      role: m.sender === 'human' ? ('user' as const) : ('assistant' as const),
      content: m.text,
      model: m.sender === 'assistant' ? 'claude' : null,
      createdAt: m.created_at,
      status: 'complete' as const,
      error: null,
      tokens: null,
      modelName: null,
      images: [],
    }));
  return {
    sourceId: conv.uuid,
    title: titled(conv.name),
    assistant: 'claude',
    mode: null,
    createdAt: conv.created_at,
    messages,
    currentKey: messages.at(-1)?.key ?? null,
  };
}

/** A message to show for a zod failure: the first issue with where it was. */
export function describeIssue(err: z.ZodError, conversation: number): string {
  const issue = err.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return `Conversation ${conversation + 1} is not valid${where}: ${issue?.message ?? 'invalid'}`;
}
