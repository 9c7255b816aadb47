import { z } from 'zod';

/**
 * The three chat archive formats Chorus reads (issue 18, item 4): its own lossless JSON, ChatGPT's
 * `conversations.json` (a `mapping` tree of nodes per conversation) and Claude's export (a list of
 * conversations with `chat_messages`). Each is read one conversation at a time into the same
 * neutral shape, so a bad conversation fails the import where it is (and the transaction with it).
 */
export const importFormats = ['chorus', 'chatgpt', 'claude'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** One conversation as the importer writes it, whatever file it came from. */
export interface ImportedConversation {
  /** The source's own id: with the content it makes the idempotency hash. */
  sourceId: string;
  title: string;
  assistant: string;
  createdAt: Date;
  messages: { role: 'user' | 'assistant'; content: string; model: string | null; createdAt: Date }[];
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

export const chorusMessageSchema = z.object({
  id: z.string().optional(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  model: z.string().max(32).nullable().optional(),
  createdAt: isoDate,
  /** Present once messages form a tree (issue 18, item 2); absent means the list is the path. */
  parentId: z.string().nullable().optional(),
});

export const chorusChatSchema = z.object({
  id: z.string().min(1),
  title: z.string().max(200),
  assistant: z.string().max(32),
  createdAt: isoDate,
  messages: z.array(chorusMessageSchema),
});

export const chorusFileSchema = z.object({
  format: z.literal('chorus'),
  version: z.literal(1),
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
      metadata: z.object({ model_slug: z.string().optional() }).passthrough().optional(),
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

/** ChatGPT keeps every branch; the conversation as last seen is the path from the root to `current_node`. */
function chatgptPath(conv: z.infer<typeof chatgptConversationSchema>) {
  const { mapping } = conv;
  let nodeId = conv.current_node ?? undefined;
  if (!nodeId || !mapping[nodeId]) {
    // No current node: follow the first child from the root.
    const root = Object.values(mapping).find((n) => !n.parent || !mapping[n.parent]);
    nodeId = root?.id;
    while (nodeId && mapping[nodeId]?.children[0]) nodeId = mapping[nodeId]!.children[0];
  }
  const path: z.infer<typeof chatgptNodeSchema>[] = [];
  const seen = new Set<string>();
  while (nodeId && mapping[nodeId] && !seen.has(nodeId)) {
    seen.add(nodeId);
    path.unshift(mapping[nodeId]!);
    nodeId = mapping[nodeId]!.parent ?? undefined;
  }
  return path;
}

/**
 * One conversation of a file in the neutral shape; throws a ZodError naming what is wrong.
 * System prompts, tool calls and non-text parts (images, files) have no place in a Chorus chat.
 */
export function readConversation(format: ImportFormat, raw: unknown): ImportedConversation {
  if (format === 'chorus') {
    const chat = chorusChatSchema.parse(raw);
    return {
      sourceId: chat.id,
      title: titled(chat.title),
      assistant: chat.assistant,
      createdAt: chat.createdAt,
      messages: chat.messages.map((m) => ({
        role: m.role,
        content: m.content,
        model: m.model ?? null,
        createdAt: m.createdAt,
      })),
    };
  }
  if (format === 'chatgpt') {
    const conv = chatgptConversationSchema.parse(raw);
    const createdAt = new Date((conv.create_time ?? 0) * 1000);
    const messages: ImportedConversation['messages'] = [];
    for (const node of chatgptPath(conv)) {
      const m = node.message;
      if (!m || (m.author.role !== 'user' && m.author.role !== 'assistant')) continue;
      const content = (m.content.parts ?? [m.content.text ?? ''])
        .filter((part): part is string => typeof part === 'string')
        .join('\n')
        .trim();
      if (!content) continue;
      messages.push({
        role: m.author.role,
        content,
        model: m.author.role === 'assistant' ? 'gpt' : null,
        createdAt: m.create_time ? new Date(m.create_time * 1000) : createdAt,
      });
    }
    return {
      sourceId: conv.conversation_id ?? conv.id ?? JSON.stringify(Object.keys(conv.mapping)),
      title: titled(conv.title),
      assistant: 'gpt',
      createdAt,
      messages,
    };
  }
  const conv = claudeConversationSchema.parse(raw);
  return {
    sourceId: conv.uuid,
    title: titled(conv.name),
    assistant: 'claude',
    createdAt: conv.created_at,
    messages: conv.chat_messages
      .filter((m) => m.text.trim())
      .map((m) => ({
        role: m.sender === 'human' ? ('user' as const) : ('assistant' as const),
        content: m.text,
        model: m.sender === 'assistant' ? 'claude' : null,
        createdAt: m.created_at,
      })),
  };
}

/** A message to show for a zod failure: the first issue with where it was. */
export function describeIssue(err: z.ZodError, conversation: number): string {
  const issue = err.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return `Conversation ${conversation + 1} is not valid${where}: ${issue?.message ?? 'invalid'}`;
}
