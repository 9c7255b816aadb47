import { MESSAGE_MAX, messageTooLong } from '@chorus/shared/chatRules';
import { z } from 'zod';
import { msg } from '../../../platform/i18n.ts';
import { pageCursor, pageSize, zodText } from '../../../platform/validation.ts';
import { assistantIds } from './catalogue.ts';

/** The most files of My Files one message may ask about. */
export const MAX_ASKED_FILES = 20;

const assistantId = z.enum(assistantIds, { error: msg('Unknown assistant') });
export const chatModes = ['study', 'rewrite', 'business', 'coach'] as const;

const title = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string().min(1, msg('Title cannot be empty')).max(200, msg('Title must be at most 200 characters long')),
);

export const createChatInput = z.object({
  title: title.optional(),
  activeModel: assistantId.optional(),
  mode: z.enum(chatModes).nullable().optional(),
});

export const renameChatInput = z.object({ title });

export const sendMessageInput = z.object({
  content: z.string({ error: msg('Message cannot be empty') }).max(MESSAGE_MAX, messageTooLong),
  /**
   * The assistant picked in the UI: a built-in id, or `custom:<id>` for a custom assistant
   * (customAssistant.ts); a leading @command or @handle in the text wins over it.
   */
  assistantId: z
    .union([assistantId, z.string().regex(/^custom:[0-9a-f-]{36}$/i, msg('Unknown assistant'))], {
      error: msg('Unknown assistant'),
    })
    .optional(),
  mode: z.enum(chatModes).nullable().optional(),
  /** Images the user attached (ids from the image upload); sent to assistants that can see. */
  imageIds: z
    .array(z.string().uuid(msg('Image not found')))
    .max(4, msg('Attach at most 4 images to a message'))
    .optional(),
  /** Files of My Files to answer from (modules/knowledge): their best passages go with the prompt. */
  fileIds: z
    .array(z.string().uuid(msg('File not found')))
    .max(MAX_ASKED_FILES, zodText(msg('Attach at most {max} files to a message'), { max: MAX_ASKED_FILES }))
    .optional(),
  /** The chat reads `fileIds` from now on too, not only for this message (chatFiles.ts). */
  keepFiles: z.boolean().optional(),
  /** "Search the web" for this message (modules/websearch): results go with the prompt, cited. */
  webSearch: z.boolean().optional(),
});

export type CreateChatInput = z.infer<typeof createChatInput>;
export type SendMessageInput = z.infer<typeof sendMessageInput>;

/** A sent prompt written again: the same rules as sending one. */
export const editMessageInput = sendMessageInput.pick({ content: true });
/** The version of a turn to show (a message of the chat). */
export const selectVersionInput = z.object({
  messageId: z.string({ error: msg('Say which message to show') }).uuid(msg('Say which message to show')),
});

/** Page sizes arrive as numbers (GraphQL) or query-string text (REST). */
/** An older page of messages starts above a message of the chat: its id is the cursor. */
const messageCursor = z.string().uuid(msg('Invalid page cursor'));

/**
 * The spec's lists (GET /api/chats, GET /api/chats/{id}/messages and the `chats` and `messages`
 * fields) answer the first page at these sizes; their limit may go up to the max.
 */
export const CHAT_PAGE_MAX = 500;
export const MESSAGE_PAGE_DEFAULT = 500;
export const MESSAGE_PAGE_MAX = 1000;
/**
 * GraphQL pages are smaller: the cost limit (graphql/armor.ts) multiplies a literal first/last by
 * what each item costs, but cannot see a size passed as a variable, so this is the most a
 * variable can ask for.
 */
export const GRAPHQL_PAGE_MAX = 100;

export const chatPageInput = (max = CHAT_PAGE_MAX) =>
  z.object({ limit: pageSize(max).default(Math.min(max, CHAT_PAGE_MAX)), after: pageCursor.optional() });

export const messagePageInput = (max = MESSAGE_PAGE_MAX) =>
  z.object({
    limit: pageSize(max).default(Math.min(max, MESSAGE_PAGE_DEFAULT)),
    before: messageCursor.optional(),
  });
