import type { EntityManager } from '@mikro-orm/postgresql';
import { publiclyVisible } from './posts.ts';

/** The recent window trending counts activity in. */
export const TRENDING_WINDOW_DAYS = 7;

/**
 * Writes every public video's trending score to post_trending (the community gallery's
 * `sort=trending` reads it, keyset-paged: posts.ts). The score is the weighted activity of the
 * last TRENDING_WINDOW_DAYS (a like 3, a comment 4, a viewer-day 1), decayed by the video's age
 * (hours + 2) ^ 1.5, so a new video with some likes rises above an old one with more. Every public
 * video has a row (0 without activity: those follow, newest first), so the gallery reads the order
 * straight from post_trending's index. One published since the last run is there already with 0 (a
 * trigger on posts adds it: Migration20261129150000_trending.ts) until the next run scores it. The
 * table is replaced in one transaction: readers see the old scores or the new ones, never a mix.
 * `now` is for tests on fixed data; the worker's cron (video/tasks/computeTrending.ts) passes none.
 */
export async function computeTrending(em: EntityManager, now: Date = new Date()): Promise<number> {
  return em.transactional(async (tx) => {
    await tx.execute('delete from post_trending');
    const rows = await tx.execute<{ n: number }[]>(
      `with since as (select ?::timestamptz as now, ?::timestamptz - make_interval(days => ?) as start),
       likes as (
         select l.post_id, count(*) as n from post_likes l, since
          where l.created_at > since.start and l.created_at <= since.now group by l.post_id
       ), views as (
         select v.post_id, count(*) as n from post_views v, since
          where v.day > since.start::date and v.day <= since.now::date group by v.post_id
       ), comments as (
         -- Comments and replies of the window (comments module: post_comments), not those moderators hid.
         select c.post_id, count(*) as n from post_comments c, since
          where c.created_at > since.start and c.created_at <= since.now
            and not exists (select 1 from hidden_content h where h.target_type = 'comment' and h.target_id = c.id)
          group by c.post_id
       ), scored as (
         select p.id, p.created_at,
                (3 * coalesce(l.n, 0) + coalesce(v.n, 0) + 4 * coalesce(c.n, 0))
                  / power(greatest(extract(epoch from (since.now - p.created_at)) / 3600, 0) + 2, 1.5) as score
           from posts p
           cross join since
           left join likes l on l.post_id = p.id
           left join views v on v.post_id = p.id
           left join comments c on c.post_id = p.id
          where ${publiclyVisible()}
       ), inserted as (
         insert into post_trending (post_id, score, created_at, computed_at)
         select id, score, created_at, (select now from since) from scored
         -- One published while this ran has its row from the posts trigger already (the migration).
         on conflict (post_id) do update
           set score = excluded.score, created_at = excluded.created_at, computed_at = excluded.computed_at
         returning post_id
       )
       select count(*)::int as n from inserted`,
      [now.toISOString(), now.toISOString(), TRENDING_WINDOW_DAYS],
    );
    return rows[0]?.n ?? 0;
  });
}
