import {
  PROMPT_BODY_MAX,
  PROMPT_TITLE_MAX,
  PROMPTS_MAX,
  promptVariables,
} from '@chorus/shared/promptTemplate';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { notFound, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import { isUuid, parseInput, zodText } from '../../../platform/validation.ts';
import { shownDisplayName } from '../../accounts/core/shownProfile.ts';

/**
 * Saved prompts (table saved_prompts): a person's own, each private or shared with their friends
 * (accepted friendships: social/core/friends.ts; a block ends them, and with them the sharing).
 * `{{variables}}` are the shared rules' (@chorus/shared/promptTemplate), filled in the browser.
 */
export interface PromptView {
  id: string;
  title: string;
  body: string;
  shared: boolean;
  /** The `{{placeholders}}` the body asks for, in order. */
  variables: string[];
  /** True for the viewer's own; false for a friend's shared one. */
  mine: boolean;
  author: { username: string; displayName: string | null };
  createdAt: Date;
  updatedAt: Date;
}

export const promptMessages = {
  notFound: msg('Prompt not found'),
  tooMany: msg('You can keep up to {max} prompts. Delete one to save another.'),
} as const;

const title = z
  .string({ error: msg('Title is required') })
  .trim()
  .min(1, msg('Title is required'))
  .max(PROMPT_TITLE_MAX, zodText(msg('Title must be at most {max} characters'), { max: PROMPT_TITLE_MAX }));
const body = z
  .string({ error: msg('Prompt text is required') })
  .trim()
  .min(1, msg('Prompt text is required'))
  .max(
    PROMPT_BODY_MAX,
    zodText(msg('Prompt text must be at most {max, plural, other {#}} characters'), { max: PROMPT_BODY_MAX }),
  );
const shared = z.boolean({ error: msg('shared must be true or false') });

const createInput = z.object({ title, body, shared: shared.optional() });
const updateInput = z
  .object({ title: title.optional(), body: body.optional(), shared: shared.optional() })
  .refine((v) => v.title !== undefined || v.body !== undefined || v.shared !== undefined, {
    message: msg('Nothing to change: give a title, text or shared'),
  });

/** SQL: a prompt shared with the viewer (three parameters: their id, thrice) by a friend not banned. */
const SHARED_WITH = `p.shared and u.banned_at is null and p.user_id in (
  select case when f.user_id = ? then f.friend_id else f.user_id end from friendships f
   where f.status = 'accepted' and (f.user_id = ? or f.friend_id = ?))`;

/** A friend's shared prompts shown beside one's own, newest first. */
const SHARED_SHOWN = 100;

const SELECT = `select p.id, p.title, p.body, p.shared, p.created_at, p.updated_at, p.user_id = ?::uuid as mine,
       u.username, ${shownDisplayName('u')} as display_name
  from saved_prompts p join users u on u.id = p.user_id`;

type Row = {
  id: string;
  title: string;
  body: string;
  shared: boolean;
  mine: boolean;
  username: string;
  display_name: string | null;
  created_at: string | Date;
  updated_at: string | Date;
};

const viewOf = (r: Row): PromptView => ({
  id: r.id,
  title: r.title,
  body: r.body,
  shared: r.shared,
  variables: promptVariables(r.body),
  mine: r.mine,
  author: { username: r.username, displayName: r.display_name },
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** The viewer's prompts (at most PROMPTS_MAX), then their friends' shared ones, each newest first. */
export async function listPrompts(em: EntityManager, userId: string): Promise<PromptView[]> {
  const mine = await em.execute<Row[]>(
    `${SELECT} where p.user_id = ? order by p.updated_at desc, p.id desc limit ${PROMPTS_MAX}`,
    [userId, userId],
  );
  const friends = await em.execute<Row[]>(
    `${SELECT} where ${SHARED_WITH} order by p.updated_at desc, p.id desc limit ${SHARED_SHOWN}`,
    [userId, userId, userId, userId],
  );
  return [...mine, ...friends].map(viewOf);
}

async function own(em: EntityManager, userId: string, id: string): Promise<PromptView> {
  if (!isUuid(id)) throw notFound(promptMessages.notFound);
  const [row] = await em.execute<Row[]>(`${SELECT} where p.id = ? and p.user_id = ?`, [userId, id, userId]);
  if (!row) throw notFound(promptMessages.notFound);
  return viewOf(row);
}

/** Saves a new prompt; at most PROMPTS_MAX each, held under parallel saves by a per-person lock. */
export async function createPrompt(em: EntityManager, userId: string, input: unknown): Promise<PromptView> {
  const data = parseInput(createInput, input ?? {});
  return insertPrompt(em, userId, data);
}

async function insertPrompt(
  em: EntityManager,
  userId: string,
  data: { title: string; body: string; shared?: boolean | undefined },
): Promise<PromptView> {
  const id = await em.transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtext('saved_prompts:' || ?))`, [userId]);
    const [count] = await tx.execute<{ n: number }[]>(
      'select count(*)::int as n from saved_prompts where user_id = ?',
      [userId],
    );
    if ((count?.n ?? 0) >= PROMPTS_MAX)
      throw textError('CONFLICT', promptMessages.tooMany, { max: PROMPTS_MAX });
    const [row] = await tx.execute<{ id: string }[]>(
      'insert into saved_prompts (user_id, title, body, shared) values (?, ?, ?, ?) returning id',
      [userId, data.title, data.body, data.shared ?? false],
    );
    return row!.id;
  });
  return own(em, userId, id);
}

/** Changes one's own prompt (title, text, shared); anyone else's is not found. */
export async function updatePrompt(
  em: EntityManager,
  userId: string,
  id: string,
  input: unknown,
): Promise<PromptView> {
  if (!isUuid(id)) throw notFound(promptMessages.notFound);
  const data = parseInput(updateInput, input ?? {});
  const changed = await em.execute<{ id: string }[]>(
    `update saved_prompts set title = coalesce(?, title), body = coalesce(?, body),
       shared = coalesce(?, shared), updated_at = now()
     where id = ? and user_id = ? returning id`,
    [data.title ?? null, data.body ?? null, data.shared ?? null, id, userId],
  );
  if (changed.length === 0) throw notFound(promptMessages.notFound);
  return own(em, userId, id);
}

export async function deletePrompt(em: EntityManager, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(promptMessages.notFound);
  const gone = await em.execute<{ id: string }[]>(
    'delete from saved_prompts where id = ? and user_id = ? returning id',
    [id, userId],
  );
  if (gone.length === 0) throw notFound(promptMessages.notFound);
}

/** Keeps a copy of a friend's shared prompt as one's own (private); one not shared with you: not found. */
export async function copyPrompt(em: EntityManager, userId: string, id: string): Promise<PromptView> {
  if (!isUuid(id)) throw notFound(promptMessages.notFound);
  const [source] = await em.execute<Row[]>(`${SELECT} where p.id = ? and ${SHARED_WITH}`, [
    userId,
    id,
    userId,
    userId,
    userId,
  ]);
  if (!source) throw notFound(promptMessages.notFound);
  return insertPrompt(em, userId, { title: source.title, body: source.body, shared: false });
}
