import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { isUuid } from '../../../platform/validation.ts';
import { pgArray } from '../../knowledge/core/retrieve.ts';
import { type Assistant, type CustomAssistant, findAssistant, parseCommand } from './catalogue.ts';

/**
 * Custom assistants as a chat answers with them. People make them in modules/assistants (table
 * custom_assistants); here one is found by the `@handle` a prompt starts with, or by the id the model
 * selector sends (`custom:<id>`), and becomes the built-in assistant behind it (its model, its
 * provider) wearing its name, colour and instructions. It lives in chat's core because chat answers
 * with it and modules/assistants depends on chat (its catalogue), not the other way round.
 */
export type { CustomAssistant };

/** How the model selector and the API name a custom assistant instead of a built-in id. */
export const CUSTOM_PREFIX = 'custom:';

/** The id in a `custom:<id>` reference, or null for anything else. */
export function customRef(requested: string | null | undefined): string | null {
  if (!requested?.startsWith(CUSTOM_PREFIX)) return null;
  const id = requested.slice(CUSTOM_PREFIX.length);
  return isUuid(id) ? id : null;
}

/** A leading `@handle` that is no built-in command: what may name a custom assistant. */
const HANDLE = /^\s*@([a-z][a-z0-9_]{2,23})(?=\s|$)/i;

/** The handle a prompt starts with and the text after it, or null. */
export function leadingHandle(text: string): { handle: string; rest: string } | null {
  const match = HANDLE.exec(text);
  if (!match || findAssistant(match[1]!.toLowerCase())) return null;
  return { handle: match[1]!.toLowerCase(), rest: text.slice(match[0].length).trim() };
}

/**
 * A prompt without the assistants it addresses at its start: built-in @commands and, when it
 * went to a custom assistant (`handles`), @handles too (a compare may name several of each).
 */
export function withoutAddressing(text: string, handles: boolean): string {
  let rest = text;
  for (;;) {
    const builtIn = parseCommand(rest);
    if (builtIn.assistant) {
      rest = builtIn.rest;
      continue;
    }
    const custom = handles ? leadingHandle(rest) : null;
    if (!custom) return rest;
    rest = custom.rest;
  }
}

/**
 * SQL: custom assistant `a` (joined to its owner `o`) may be used by the viewer (one parameter, their
 * id, repeated by the caller as `?`s below ask): their own; else public or shared with a friend, not
 * hidden by moderation, its owner not banned, and neither having blocked the other.
 */
export const USABLE_BY = `(a.user_id = ?::uuid or (
    o.banned_at is null
    and not exists (select 1 from hidden_content h where h.target_type = 'assistant' and h.target_id = a.id)
    and not exists (select 1 from user_blocks b where (b.blocker_id = a.user_id and b.blocked_id = ?::uuid)
                                                  or (b.blocker_id = ?::uuid and b.blocked_id = a.user_id))
    and (a.visibility = 'public' or (a.visibility = 'friends' and exists (
      select 1 from friendships f where f.status = 'accepted'
         and ((f.user_id = a.user_id and f.friend_id = ?::uuid) or (f.friend_id = a.user_id and f.user_id = ?::uuid)))))))`;
const usableParams = (viewerId: string) => [viewerId, viewerId, viewerId, viewerId, viewerId];

type Row = {
  id: string;
  user_id: string;
  name: string;
  handle: string;
  color: string;
  description: string;
  instructions: string;
  starters: string[];
  model: string;
  file_ids: string[];
  tool_server_ids: string[];
};

const SELECT = `select a.id, a.user_id, a.name, a.handle, a.color, a.description, a.instructions, a.starters, a.model, a.file_ids, a.tool_server_ids
  from custom_assistants a join users o on o.id = a.user_id`;

function fromRow(r: Row): CustomAssistant | null {
  const base = findAssistant(r.model);
  if (base?.kind !== 'chat') return null;
  return {
    id: r.id,
    ownerId: r.user_id,
    name: r.name,
    handle: r.handle,
    color: r.color,
    description: r.description,
    instructions: r.instructions,
    starters: r.starters ?? [],
    model: base.id,
    fileIds: r.file_ids ?? [],
    toolServerIds: r.tool_server_ids ?? [],
  };
}

/** The custom assistant `@handle` names for this viewer, or null when there is none they may use. */
export async function usableByHandle(
  em: EntityManager,
  viewerId: string,
  handle: string,
): Promise<CustomAssistant | null> {
  const [row] = await em.execute<Row[]>(`${SELECT} where a.handle = ? and ${USABLE_BY}`, [
    handle.toLowerCase(),
    ...usableParams(viewerId),
  ]);
  return row ? fromRow(row) : null;
}

/** The same by id (the model selector's `custom:<id>`, a chat's active one, an answer's). */
export async function usableById(
  em: EntityManager,
  viewerId: string,
  id: string,
): Promise<CustomAssistant | null> {
  if (!isUuid(id)) return null;
  const [row] = await em.execute<Row[]>(`${SELECT} where a.id = ? and ${USABLE_BY}`, [
    id,
    ...usableParams(viewerId),
  ]);
  return row ? fromRow(row) : null;
}

/** Counts a use, which orders the Assistants directory (most used first). */
export async function countUse(em: EntityManager, id: string): Promise<void> {
  await em.execute('update custom_assistants set uses = uses + 1 where id = ?', [id]);
}

/**
 * The assistant that answers: the built-in one behind it (its id picks the provider profile), shown
 * with the custom one's name, colour and command, carrying what the answer needs of it.
 */
export function asAssistant(custom: CustomAssistant): Assistant {
  const base = findAssistant(custom.model)!;
  return {
    ...base,
    name: custom.name,
    shortName: custom.name,
    color: custom.color,
    command: `@${custom.handle}`,
    initial: custom.name.charAt(0).toUpperCase() || base.initial,
    isDefault: false,
    custom,
  };
}

/**
 * What the model is told for a custom assistant: who it is, that it was made by a Chorus user, and
 * its maker's instructions, which come after the built-in persona and so take precedence over it.
 */
export function customSystemPrompt(custom: CustomAssistant, baseSystemPrompt: string): string {
  const parts = [
    baseSystemPrompt,
    `You are ${custom.name} (@${custom.handle}), a custom assistant a Chorus user made. Answer as ${custom.name}.`,
  ];
  if (custom.instructions.trim()) parts.push(`Your instructions:\n${custom.instructions.trim()}`);
  return parts.filter(Boolean).join('\n\n');
}

/**
 * The custom assistant a prompt is for, or null for a built-in one: its leading `@handle` (an
 * unknown handle is just text, as before custom assistants), else the selector's `custom:<id>`,
 * else, when neither a built-in command nor a built-in pick names one, the chat's current one if
 * its asker may still use it. `rest` is the prompt without the handle.
 */
export async function addressedCustom(
  em: EntityManager,
  userId: string,
  chatId: string | null,
  prompt: { text: string; requested: string | undefined; builtInCommand: boolean },
): Promise<{ custom: CustomAssistant; rest: string } | null> {
  if (prompt.builtInCommand) return null;
  const named = leadingHandle(prompt.text);
  if (named) {
    const custom = await usableByHandle(em, userId, named.handle);
    if (custom) {
      if (!named.rest)
        throw textError('BAD_USER_INPUT', msg('Add a message after {command}'), {
          command: `@${custom.handle}`,
        });
      return { custom, rest: named.rest };
    }
  }
  const picked = customRef(prompt.requested);
  if (picked || prompt.requested?.startsWith(CUSTOM_PREFIX)) {
    const custom = picked ? await usableById(em, userId, picked) : null;
    if (!custom) throw badInput(msg('Unknown assistant'));
    return { custom, rest: prompt.text };
  }
  if (prompt.requested || !chatId || !isUuid(chatId)) return null;
  const [row] = await em.execute<{ active_custom_assistant_id: string | null }[]>(
    'select active_custom_assistant_id from chats where id = ? and user_id = ?',
    [chatId, userId],
  );
  const active = row?.active_custom_assistant_id;
  const custom = active ? await usableById(em, userId, active) : null;
  return custom ? { custom, rest: prompt.text } : null;
}

/** What identifies the assistant a chat is with: a built-in id, or `custom:<id>`. */
export const assistantKey = (assistant: Assistant): string =>
  assistant.custom ? `${CUSTOM_PREFIX}${assistant.custom.id}` : assistant.id;

/** The same for the assistant a chat is with now. */
export const activeKey = (chat: { activeModel: string; activeCustomAssistantId?: string | null }): string =>
  chat.activeCustomAssistantId ? `${CUSTOM_PREFIX}${chat.activeCustomAssistantId}` : chat.activeModel;

/** How a custom assistant is shown on an answer or a chat: whoever it belongs to now. */
export interface CustomAssistantBadge {
  id: string;
  name: string;
  handle: string;
  color: string;
}

/** The badges of these custom assistants (those still there), by id, in one query. */
export async function badgesOf(em: EntityManager, ids: string[]): Promise<Map<string, CustomAssistantBadge>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (!wanted.length) return new Map();
  const rows = await em.execute<CustomAssistantBadge[]>(
    'select id, name, handle, color from custom_assistants where id = any(?::uuid[])',
    // As a literal: a bare array would be spread into a list of parameters.
    [pgArray(wanted)],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The most custom assistants the model selector lists: a person's own (50 at most) and friends'. */
const LISTED = 100;

/**
 * The custom assistants a person picks from in the model selector: their own and those their
 * friends share (or made public), usable by them (USABLE_BY), their own first, then by name. A
 * public one of a stranger is used by its @handle (or copied from the Assistants directory).
 */
export async function listedFor(em: EntityManager, viewerId: string): Promise<CustomAssistant[]> {
  const rows = await em.execute<(Row & { description: string })[]>(
    `${SELECT} where ${USABLE_BY}
       and (a.user_id = ?::uuid or exists (select 1 from friendships f where f.status = 'accepted'
             and ((f.user_id = a.user_id and f.friend_id = ?::uuid) or (f.friend_id = a.user_id and f.user_id = ?::uuid))))
     order by (a.user_id = ?::uuid) desc, lower(a.name), a.id limit ${LISTED}`,
    [...usableParams(viewerId), viewerId, viewerId, viewerId, viewerId],
  );
  return rows.flatMap((r) => fromRow(r) ?? []);
}

/**
 * The MCP servers (modules/tools) whose tools an answer is offered: those the job names, else a
 * custom assistant's own servers when its owner asks (they are its owner's, with its owner's
 * sign-ins), else undefined: all of the asker's servers, as for any assistant.
 */
export function toolServersFor(job: {
  userId: string;
  assistant: Assistant;
  toolServerIds?: string[];
}): string[] | undefined {
  if (job.toolServerIds) return job.toolServerIds;
  const custom = job.assistant.custom;
  return custom?.toolServerIds.length && custom.ownerId === job.userId ? custom.toolServerIds : undefined;
}
