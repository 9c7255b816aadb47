import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, badInput, conflict, notFound, textError } from '../../../platform/errors.ts';
import { isUuid, parseInput } from '../../../platform/validation.ts';
import { shownDisplayName } from '../../accounts/core/shownProfile.ts';
import {
  ASSISTANTS_PER_USER,
  assistantMessages,
  copyHandle,
  createInput,
  decodeCursor,
  directoryQuery,
  encodeCursor,
  likePattern,
  type UpdateInput,
  updateInput,
  type Visibility,
} from './rules.ts';

/**
 * Custom assistants (table custom_assistants): a person's own assistant on one of the built-in chat
 * assistants, private, shared with their friends, or public in the directory. Raw SQL like
 * prompts/core/prompts.ts. Who may use one (`USABLE`): its owner always; anyone else only while it is
 * not hidden by moderation (hidden_content 'assistant') and its owner is not banned, when it is
 * public (and neither blocked the other: moderation/core/blocks.ts, read here as plain SQL) or shared
 * with friends and they are friends (social/core/friends.ts: accepted friendships; a block ends them).
 */
export interface AssistantView {
  id: string;
  name: string;
  handle: string;
  color: string;
  description: string;
  instructions: string;
  model: string;
  visibility: Visibility;
  starters: string[];
  /** The knowledge files' ids: the owner's only (others see []). */
  fileIds: string[];
  /** The MCP tool servers' ids: the owner's only (others see []). */
  toolServerIds: string[];
  mine: boolean;
  copiedFrom: string | null;
  uses: number;
  owner: { username: string; displayName: string | null };
  createdAt: Date;
  updatedAt: Date;
}

export interface DirectoryPage {
  assistants: AssistantView[];
  nextCursor: string | null;
}

export const DIRECTORY_PAGE = 20;
/** Friends' shared assistants listed beside one's own. */
const SHARED_SHOWN = 100;

type Row = {
  id: string;
  user_id: string;
  name: string;
  handle: string;
  color: string;
  description: string;
  instructions: string;
  model: string;
  visibility: Visibility;
  starters: string[];
  file_ids: string[];
  tool_server_ids: string[];
  copied_from: string | null;
  uses: number;
  created_at: string | Date;
  updated_at: string | Date;
  username: string;
  display_name: string | null;
};

const SELECT = `select a.*, u.username, ${shownDisplayName('u')} as display_name
  from custom_assistants a join users u on u.id = a.user_id`;

/** SQL: `a` not hidden by moderation and its owner `u` not banned. */
const SHOWN = `u.banned_at is null
  and not exists (select 1 from hidden_content h where h.target_type = 'assistant' and h.target_id = a.id)`;
/** SQL (two parameters: the viewer's id twice): neither blocked the other. */
const NOT_BLOCKED = `not exists (select 1 from user_blocks b
  where (b.blocker_id = ?::uuid and b.blocked_id = a.user_id) or (b.blocker_id = a.user_id and b.blocked_id = ?::uuid))`;
/** SQL (three parameters: the viewer's id thrice): `a`'s owner is the viewer's friend. */
const FRIEND_OWNER = `a.user_id in (
  select case when f.user_id = ?::uuid then f.friend_id else f.user_id end from friendships f
   where f.status = 'accepted' and (f.user_id = ?::uuid or f.friend_id = ?::uuid))`;
/** SQL (six parameters: the viewer's id, or null for a visitor, six times): the viewer may use `a`. */
const USABLE = `(a.user_id = ?::uuid or (${SHOWN} and (
  (a.visibility = 'public' and ${NOT_BLOCKED}) or (a.visibility = 'friends' and ${FRIEND_OWNER}))))`;
const usableParams = (viewer: string | null) => Array<string | null>(6).fill(viewer);

function viewOf(r: Row, viewer: string | null): AssistantView {
  const mine = viewer !== null && r.user_id === viewer;
  return {
    id: r.id,
    name: r.name,
    handle: r.handle,
    color: r.color,
    description: r.description,
    instructions: r.instructions,
    model: r.model,
    visibility: r.visibility,
    starters: r.starters ?? [],
    fileIds: mine ? (r.file_ids ?? []) : [],
    toolServerIds: mine ? (r.tool_server_ids ?? []) : [],
    mine,
    copiedFrom: r.copied_from,
    uses: r.uses,
    owner: { username: r.username, displayName: r.display_name },
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** The viewer's own (newest changed first), then what friends shared with them. */
export async function listAssistants(em: EntityManager, userId: string): Promise<AssistantView[]> {
  const mine = await em.execute<Row[]>(
    `${SELECT} where a.user_id = ? order by a.updated_at desc, a.id limit ${ASSISTANTS_PER_USER}`,
    [userId],
  );
  const friends = await em.execute<Row[]>(
    `${SELECT} where a.visibility in ('friends', 'public') and ${SHOWN} and ${FRIEND_OWNER}
      order by a.updated_at desc, a.id limit ${SHARED_SHOWN}`,
    [userId, userId, userId],
  );
  return [...mine, ...friends].map((r) => viewOf(r, userId));
}

/** One page of the public directory, most used first; `q` searches name, handle and description. */
export async function assistantDirectory(
  em: EntityManager,
  viewer: string | null,
  input: { cursor?: unknown; q?: unknown },
): Promise<DirectoryPage> {
  const q = parseInput(directoryQuery, input.q ?? undefined);
  let after = null;
  if (input.cursor !== undefined && input.cursor !== null && input.cursor !== '') {
    after = typeof input.cursor === 'string' ? decodeCursor(input.cursor) : null;
    if (!after) throw badInput(assistantMessages.cursor);
  }
  const where = [`a.visibility = 'public'`, SHOWN];
  const params: unknown[] = [];
  if (viewer) {
    where.push(NOT_BLOCKED);
    params.push(viewer, viewer);
  }
  if (q) {
    where.push(
      `(a.name ilike ? escape '\\' or a.handle ilike ? escape '\\' or a.description ilike ? escape '\\')`,
    );
    const p = likePattern(q);
    params.push(p, p, p);
  }
  if (after) {
    where.push('(a.uses < ? or (a.uses = ? and a.id > ?::uuid))');
    params.push(after.uses, after.uses, after.id);
  }
  const rows = await em.execute<Row[]>(
    `${SELECT} where ${where.join(' and ')} order by a.uses desc, a.id limit ${DIRECTORY_PAGE + 1}`,
    params,
  );
  const page = rows.slice(0, DIRECTORY_PAGE);
  const last = page.at(-1);
  return {
    assistants: page.map((r) => viewOf(r, viewer)),
    nextCursor: rows.length > DIRECTORY_PAGE && last ? encodeCursor({ uses: last.uses, id: last.id }) : null,
  };
}

/** One assistant the viewer may use, by id or `@handle`; anything else is not found. */
export async function getAssistant(
  em: EntityManager,
  viewer: string | null,
  ref: string,
): Promise<AssistantView> {
  const row = await usableRow(em, viewer, ref);
  if (!row) throw notFound(assistantMessages.notFound);
  return viewOf(row, viewer);
}

async function usableRow(em: EntityManager, viewer: string | null, ref: string): Promise<Row | undefined> {
  const key = String(ref ?? '')
    .trim()
    .replace(/^@/, '')
    .toLowerCase();
  if (!key || key.length > 36) return undefined;
  const byId = isUuid(key);
  const [row] = await em.execute<Row[]>(
    `${SELECT} where ${byId ? 'a.id = ?::uuid' : 'a.handle = ?'} and ${USABLE}`,
    [key, ...usableParams(viewer)],
  );
  return row;
}

async function own(em: EntityManager, userId: string, id: string): Promise<AssistantView> {
  const [row] = await em.execute<Row[]>(`${SELECT} where a.id = ? and a.user_id = ?`, [id, userId]);
  if (!row) throw notFound(assistantMessages.notFound);
  return viewOf(row, userId);
}

/** Knowledge files must be the owner's own files (files/core/File.ts: `files.user_id`). */
async function checkFiles(em: EntityManager, userId: string, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  const [found] = await em.execute<{ n: number }[]>(
    'select count(*)::int as n from files where user_id = ? and id = any(?::uuid[])',
    [userId, `{${fileIds.join(',')}}`],
  );
  if ((found?.n ?? 0) !== fileIds.length) throw notFound(assistantMessages.fileNotFound);
}

/**
 * Tool servers must be the owner's own MCP servers (modules/tools, table mcp_servers); their tools
 * are offered when the owner asks the assistant (chat/core/customAssistant.ts toolServersFor).
 */
async function checkToolServers(em: EntityManager, userId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const [found] = await em.execute<{ n: number }[]>(
    'select count(*)::int as n from mcp_servers where user_id = ? and id = any(?::uuid[])',
    [userId, `{${ids.join(',')}}`],
  );
  if ((found?.n ?? 0) !== ids.length) throw notFound(assistantMessages.toolServerNotFound);
}

/** A unique violation of the handle (also between parallel saves) is the 409 people read. */
function handleTaken(err: unknown): never {
  if (err instanceof UniqueConstraintViolationException) throw conflict(assistantMessages.handleTaken);
  throw err;
}

const pgArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

interface NewAssistant {
  name: string;
  handle: string;
  color?: string | undefined;
  description?: string | undefined;
  instructions?: string | undefined;
  model?: string | undefined;
  visibility?: Visibility | undefined;
  starters?: string[] | undefined;
  fileIds?: string[] | undefined;
  toolServerIds?: string[] | undefined;
  copiedFrom?: string | null;
}

/**
 * Inserts under the owner's advisory lock, so the count of ASSISTANTS_PER_USER holds when saves
 * arrive at once; the handle's uniqueness is the table's constraint.
 */
async function insertAssistant(em: EntityManager, userId: string, data: NewAssistant): Promise<string> {
  try {
    return await em.transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtext('custom_assistants:' || ?))`, [userId]);
      const [count] = await tx.execute<{ n: number }[]>(
        'select count(*)::int as n from custom_assistants where user_id = ?',
        [userId],
      );
      if ((count?.n ?? 0) >= ASSISTANTS_PER_USER)
        throw textError('CONFLICT', assistantMessages.tooMany, { max: ASSISTANTS_PER_USER });
      const [row] = await tx.execute<{ id: string }[]>(
        `insert into custom_assistants (user_id, name, handle, color, description, instructions, model,
           visibility, starters, file_ids, tool_server_ids, copied_from)
         values (?, ?, ?, coalesce(?, '#6366f1'), ?, ?, ?, ?, ?::text[], ?::uuid[], ?::uuid[], ?) returning id`,
        [
          userId,
          data.name,
          data.handle,
          data.color ?? null,
          data.description ?? '',
          data.instructions ?? '',
          data.model ?? 'gpt',
          data.visibility ?? 'private',
          pgArray(data.starters ?? []),
          pgArray(data.fileIds ?? []),
          pgArray(data.toolServerIds ?? []),
          data.copiedFrom ?? null,
        ],
      );
      return row!.id;
    });
  } catch (err) {
    handleTaken(err);
  }
}

export async function createAssistant(
  em: EntityManager,
  userId: string,
  input: unknown,
): Promise<AssistantView> {
  const data = parseInput(createInput, input ?? {});
  await checkFiles(em, userId, data.fileIds ?? []);
  await checkToolServers(em, userId, data.toolServerIds ?? []);
  const id = await insertAssistant(em, userId, data);
  return own(em, userId, id);
}

const COLUMNS: Record<keyof UpdateInput, [column: string, cast: string]> = {
  name: ['name', ''],
  handle: ['handle', ''],
  color: ['color', ''],
  description: ['description', ''],
  instructions: ['instructions', ''],
  model: ['model', ''],
  visibility: ['visibility', ''],
  starters: ['starters', '::text[]'],
  fileIds: ['file_ids', '::uuid[]'],
  toolServerIds: ['tool_server_ids', '::uuid[]'],
};

/** Changes one's own assistant; anyone else's (or a malformed id) is not found. */
export async function updateAssistant(
  em: EntityManager,
  userId: string,
  id: string,
  input: unknown,
): Promise<AssistantView> {
  if (!isUuid(id)) throw notFound(assistantMessages.notFound);
  const data = parseInput(updateInput, input ?? {});
  await own(em, userId, id);
  if (data.fileIds) await checkFiles(em, userId, data.fileIds);
  if (data.toolServerIds) await checkToolServers(em, userId, data.toolServerIds);
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [key, [column, cast]] of Object.entries(COLUMNS) as [keyof UpdateInput, [string, string]][]) {
    const value = data[key];
    if (value === undefined) continue;
    sets.push(`${column} = ?${cast}`);
    params.push(Array.isArray(value) ? pgArray(value) : value);
  }
  try {
    const changed = await em.execute<{ id: string }[]>(
      `update custom_assistants set ${sets.join(', ')}, updated_at = now() where id = ? and user_id = ? returning id`,
      [...params, id, userId],
    );
    if (changed.length === 0) throw notFound(assistantMessages.notFound);
  } catch (err) {
    handleTaken(err);
  }
  return own(em, userId, id);
}

export async function deleteAssistant(em: EntityManager, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(assistantMessages.notFound);
  const gone = await em.execute<{ id: string }[]>(
    'delete from custom_assistants where id = ? and user_id = ? returning id',
    [id, userId],
  );
  if (gone.length === 0) throw notFound(assistantMessages.notFound);
}

/**
 * Keeps a private copy of an assistant the viewer may use: its name, instructions, model, colour and
 * starters, under the first free `handle_2`, `handle_3`…; not its knowledge files nor tool servers
 * (the original owner's).
 */
export async function copyAssistant(em: EntityManager, userId: string, id: string): Promise<AssistantView> {
  if (!isUuid(id)) throw notFound(assistantMessages.notFound);
  const source = await usableRow(em, userId, id);
  if (!source) throw notFound(assistantMessages.notFound);
  // A handle freed up between the look and the insert is retried; one taken in between too.
  for (let attempt = 0; ; attempt++) {
    // Every handle that could be a suffixed form of this one (a suffix of up to 5 characters cuts it).
    const prefix = source.handle.slice(0, 19);
    const taken = await em.execute<{ handle: string }[]>(
      `select handle from custom_assistants where handle like ? escape '\\'`,
      [`${prefix.replace(/_/g, '\\_')}%`],
    );
    const handle = copyHandle(source.handle, new Set(taken.map((t) => t.handle)));
    try {
      const newId = await insertAssistant(em, userId, {
        name: source.name,
        handle,
        color: source.color,
        description: source.description,
        instructions: source.instructions,
        model: source.model,
        visibility: 'private',
        starters: source.starters,
        copiedFrom: source.id,
      });
      return own(em, userId, newId);
    } catch (err) {
      if (!(err instanceof AppError && err.message === assistantMessages.handleTaken) || attempt >= 4)
        throw err;
    }
  }
}
