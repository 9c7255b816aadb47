import type { EntityManager } from '@mikro-orm/postgresql';
import { assistants } from '../../chat/core/catalogue.ts';
import { planLimit } from '../../chat/core/usage.ts';
import { estimateCost, type UsageCost, type UsagePrices } from './cost.ts';
import type { UsageMonth } from './month.ts';

export interface UsageDay {
  date: string;
  prompts: number;
  tokens: number;
  videoSeconds: number;
}

export interface AssistantUsage {
  assistant: string;
  name: string;
  tokens: number;
  answers: number;
}

/** The answer of GET /api/usage and the GraphQL `usage` field (README.md has the contract). */
export interface Usage {
  month: string;
  prompts: { used: number; limit: number | null };
  tokens: { total: number; byAssistant: AssistantUsage[] };
  videos: { count: number; seconds: number };
  storage: { bytes: number; files: number };
  cost: UsageCost;
  days: UsageDay[];
}

const nameOf = new Map<string, string>(assistants.map((a) => [a.id, a.name]));

/** A video job's length in seconds ('8', '8s' or '4.5'); anything else counts as 0, never an error. */
// (No question mark in it: the ORM reads every ? of a statement as a parameter.)
const SECONDS_SQL = `case when duration ~ '^\\s*[0-9]+(\\.[0-9]+){0,1}\\s*s{0,1}\\s*$'
  then substring(duration from '[0-9.]+')::numeric else 0 end`;

/**
 * One person's usage in a month. Every query starts from the person's own rows through an index:
 * their chats (chats_user_list_idx leads with user_id), then each chat's messages in the month
 * (messages_chat_created_idx is (chat_id, created_at)); video_jobs and files by user_id.
 */
export async function usageOf(
  em: EntityManager,
  userId: string,
  month: UsageMonth,
  prices: UsagePrices,
): Promise<Usage> {
  const range = [month.start.toISOString(), month.end.toISOString()];
  const messageRows = await em.execute<
    { day: string; role: 'user' | 'assistant'; model: string | null; n: number; tokens: string | number }[]
  >(
    `select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, m.role, m.model,
            count(*)::int as n, coalesce(sum(m.tokens), 0)::bigint as tokens
       from chats c join messages m on m.chat_id = c.id
      where c.user_id = ? and m.created_at >= ?::timestamptz and m.created_at < ?::timestamptz
      group by 1, 2, 3`,
    [userId, ...range],
  );
  const videoRows = await em.execute<{ day: string; n: number; seconds: string | number }[]>(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n,
            coalesce(sum(${SECONDS_SQL}), 0)::float8 as seconds
       from video_jobs
      where user_id = ? and status = 'completed' and created_at >= ?::timestamptz and created_at < ?::timestamptz
      group by 1`,
    [userId, ...range],
  );
  const [stored] = await em.execute<{ bytes: string | number; files: number }[]>(
    'select coalesce(sum(size), 0)::bigint as bytes, count(*)::int as files from files where user_id = ?',
    [userId],
  );
  const counted = await em.execute<{ used: number }[]>(
    `select used from usage_counters where user_id = ? and feature = 'prompts' and period_start = ?::date`,
    [userId, `${month.month}-01`],
  );
  const { limit } = await planLimit(em, userId, 'prompts');

  const days = new Map<string, UsageDay>(
    month.days.map((date) => [date, { date, prompts: 0, tokens: 0, videoSeconds: 0 }]),
  );
  const byAssistant = new Map<string, AssistantUsage>();
  for (const r of messageRows) {
    const day = days.get(r.day);
    const tokens = Number(r.tokens);
    if (r.role === 'user') {
      if (day) day.prompts += r.n;
      continue;
    }
    if (day) day.tokens += tokens;
    const id = r.model ?? 'unknown';
    const a = byAssistant.get(id) ?? { assistant: id, name: nameOf.get(id) ?? id, tokens: 0, answers: 0 };
    a.tokens += tokens;
    a.answers += r.n;
    byAssistant.set(id, a);
  }
  let videoCount = 0;
  let videoSeconds = 0;
  for (const r of videoRows) {
    const seconds = Number(r.seconds);
    videoCount += r.n;
    videoSeconds += seconds;
    const day = days.get(r.day);
    if (day) day.videoSeconds += seconds;
  }
  const perAssistant = [...byAssistant.values()].sort(
    (x, y) => y.tokens - x.tokens || y.answers - x.answers || x.assistant.localeCompare(y.assistant),
  );
  return {
    month: month.month,
    prompts: { used: counted[0]?.used ?? 0, limit },
    tokens: { total: perAssistant.reduce((s, a) => s + a.tokens, 0), byAssistant: perAssistant },
    videos: { count: videoCount, seconds: videoSeconds },
    storage: { bytes: Number(stored?.bytes ?? 0), files: stored?.files ?? 0 },
    cost: estimateCost(prices, perAssistant, videoSeconds),
    days: [...days.values()],
  };
}
