import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray } from '../../knowledge/core/retrieve.ts';
import type { Chat } from './Chat.ts';
import type { Message } from './Message.ts';
import type { MeteredFeature } from './PlanLimit.ts';
import { allowanceOfRow, countingCtes } from './usage.ts';

export interface PromptSave {
  userId: string;
  /** What the prompt counts against: its assistant's feature, and image analysis with images. */
  counted: MeteredFeature[];
  /** With its new title, assistant, mode, path and time set; `isNew` when this saves it first. */
  chat: Chat;
  isNew: boolean;
  /** The prompt and its empty answer, made with `persist: false` (this statement writes them). */
  userMessage: Message;
  aiMessage: Message;
}

/**
 * Saves a sent prompt in one statement: the plan's counts, the chat (made, or its title, assistant,
 * path and time changed) and the prompt with its empty answer, all written only if every count is
 * allowed; PAYMENT_REQUIRED otherwise, with nothing written. It replaces a count and a flush of
 * the unit of work (two to three statements, and the flush's own CPU) on the way to the first token.
 *
 * The transaction around it ends without waiting for the disk (`synchronous_commit` off for it
 * alone, set in this statement): a database crash in the next fraction of a second could lose
 * this prompt and its count, never corrupt anything. Payments and accounts keep waiting.
 *
 * One statement is atomic by itself: a new chat with a single count needs no transaction around
 * it. With several counts, run it in one and let the error roll back the ones already counted.
 * Afterwards the entities are the unit of work's, as if loaded: nothing is flushed again.
 */
/** The files a chat reads (chatFiles.ts) as a text[] literal: a bare array would be spread into parameters. */
const fileIdsArray = (ids: string[] | null | undefined) => (ids?.length ? pgArray(ids) : null);

export async function savePrompt(em: EntityManager, save: PromptSave): Promise<void> {
  const { chat, userMessage, aiMessage } = save;
  const counting = countingCtes(save.userId, save.counted);
  const chatSaved = save.isNew
    ? `chat_saved as (
         insert into chats (id, created_at, updated_at, title, active_model, active_custom_assistant_id, mode, user_id, current_message_id, file_ids)
         select ?::uuid, ?::timestamptz, ?::timestamptz, ?, ?, ?::uuid, ?, ?::uuid, ?::uuid, ?::text[] where ${counting.allowed}
       )`
    : `chat_saved as (
         update chats set title = ?, active_model = ?, active_custom_assistant_id = ?::uuid, mode = ?,
                current_message_id = ?::uuid, updated_at = ?::timestamptz,
                file_ids = ?::text[]
          where id = ?::uuid and ${counting.allowed}
       )`;
  const chatParams = save.isNew
    ? [
        chat.id,
        chat.createdAt,
        chat.updatedAt,
        chat.title,
        chat.activeModel,
        chat.activeCustomAssistantId ?? null,
        chat.mode ?? null,
        save.userId,
        chat.currentMessageId,
        fileIdsArray(chat.fileIds),
      ]
    : [
        chat.title,
        chat.activeModel,
        chat.activeCustomAssistantId ?? null,
        chat.mode ?? null,
        chat.currentMessageId,
        chat.updatedAt,
        fileIdsArray(chat.fileIds),
        chat.id,
      ];
  const messages = [userMessage, aiMessage].map((m) => ({
    id: m.id,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
    content: m.content,
    model: m.model ?? null,
    custom_assistant_id: m.customAssistantId ?? null,
    role: m.role,
    chat_id: chat.id,
    parent_id: m.parentId ?? null,
    status: m.status,
    images: m.images,
    file_ids: m.fileIds ?? null,
    // Its chat's owner; the database checks it (messages_check_owner) once this statement has run.
    user_id: save.userId,
  }));
  const [row] = await em.execute<Record<string, unknown>[]>(
    `with ${counting.ctes},
     ${chatSaved},
     messages_saved as (
       insert into messages (id, created_at, updated_at, content, model, custom_assistant_id, role, chat_id, parent_id, status, images, file_ids, user_id)
       select v.id, v.created_at, v.updated_at, v.content, v.model, v.custom_assistant_id, v.role, v.chat_id, v.parent_id, v.status,
              array(select json_array_elements_text(v.images)),
              case when v.file_ids is null then null else array(select json_array_elements_text(v.file_ids)) end,
              v.user_id
         from json_to_recordset(?::json) as v(
           id uuid, created_at timestamptz, updated_at timestamptz, content text, model text, custom_assistant_id uuid, role text,
           chat_id uuid, parent_id uuid, status text, images json, file_ids json, user_id uuid
         )
        where ${counting.allowed}
     )
     select ${counting.columns}, set_config('synchronous_commit', 'off', true) as no_disk_wait`,
    // As JSON: a bare array here would be spread into a list of parameters.
    [...counting.params, ...chatParams, JSON.stringify(messages)],
  );
  for (const [i, feature] of save.counted.entries()) allowanceOfRow(row!, feature, i);
  const uow = em.getUnitOfWork();
  for (const entity of [chat, userMessage, aiMessage]) uow.merge(entity);
}
