import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../../platform/errors.ts';
import { msg } from '../../../../platform/i18n.ts';
import { Memory } from './Memory.ts';

const MAX_MEMORIES_PER_USER = 500;

export async function listMemories(em: EntityManager, userId: string): Promise<Memory[]> {
  return em.find(Memory, { user: userId }, { orderBy: { createdAt: 'desc' }, limit: MAX_MEMORIES_PER_USER });
}

export async function deleteMemory(em: EntityManager, userId: string, memoryId: string): Promise<void> {
  const deleted = await em.nativeDelete(Memory, { id: memoryId, user: userId });
  if (deleted === 0) throw notFound(msg('Memory not found'));
}

/** Stores facts the user stated; a fact already remembered (in any letter case) is not stored twice. */
export async function remember(em: EntityManager, userId: string, facts: string[]): Promise<number> {
  let added = 0;
  for (const fact of facts) {
    const content = fact.trim().slice(0, 500);
    if (!content) continue;
    const rows = await em.execute<{ id: string }[]>(
      `insert into memories (id, user_id, content) values (gen_random_uuid(), ?, ?)
       on conflict (user_id, lower(content)) do nothing returning id`,
      [userId, content],
    );
    added += rows.length;
  }
  // Keep the newest memories when a user has very many.
  await em.execute(
    `delete from memories where user_id = ? and id not in
       (select id from memories where user_id = ? order by created_at desc limit ?)`,
    [userId, userId, MAX_MEMORIES_PER_USER],
  );
  return added;
}

/** Words of a prompt as an OR tsquery (letters and digits only, so always valid), or null. */
function anyWordOf(prompt: string): string | null {
  const words = [...new Set(prompt.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])].slice(0, 30);
  return words.length ? words.join(' | ') : null;
}

/** The relevant memories' contents as an array, for the user id and the tsquery (three times). */
const RELEVANT_SQL = `array(
  select content from memories
   where user_id = ?
     and (content like 'The user''s name is %'
          or (?::text is not null and search @@ to_tsquery('english', ?::text)))
   order by (content like 'The user''s name is %') desc,
            ts_rank(search, to_tsquery('english', coalesce(?::text, 'x'))) desc,
            created_at desc
   limit ?)`;

/**
 * The memories most relevant to a prompt, by full-text rank over any of its words (so "what should
 * I cook tonight" finds "The user loves Thai food" through "food"-free words only if they share a
 * stem — names and preferences usually do). Facts about the user's name always come along.
 */
export async function relevantMemories(
  em: EntityManager,
  userId: string,
  prompt: string,
  limit = 6,
): Promise<string[]> {
  const anyWord = anyWordOf(prompt);
  const [row] = await em.execute<{ facts: string[] }[]>(`select ${RELEVANT_SQL} as facts`, [
    userId,
    anyWord,
    anyWord,
    anyWord,
    limit,
  ]);
  return row?.facts ?? [];
}

/**
 * Whether the user has memory on (their setting, else `enabledByDefault`), whether anything is
 * remembered about them, and if memory is on the memories relevant to the prompt: one round trip,
 * as it runs beside every prompt's way to its provider.
 */
export async function memoriesForPrompt(
  em: EntityManager,
  userId: string,
  prompt: string,
  enabledByDefault: boolean,
  limit = 6,
): Promise<{ enabled: boolean; hasAny: boolean; facts: string[] }> {
  const anyWord = anyWordOf(prompt);
  const rows = await em.execute<{ enabled: boolean; hasAny: boolean; facts: string[] }[]>(
    `select on_.enabled, case when on_.enabled then ${RELEVANT_SQL} else '{}'::text[] end as facts,
            exists (select 1 from memories m where m.user_id = u.id) as "hasAny"
       from users u
       cross join lateral (
         select case when jsonb_typeof(u.settings -> 'memoryEnabled') = 'boolean'
                     then (u.settings ->> 'memoryEnabled')::boolean else ?::boolean end as enabled
       ) on_
      where u.id = ?`,
    // In the order the placeholders appear: the select list's subquery, the lateral, the where.
    [userId, anyWord, anyWord, anyWord, limit, enabledByDefault, userId],
  );
  // A user deleted meanwhile has nothing to remember.
  return rows[0] ?? { enabled: false, hasAny: false, facts: [] };
}
