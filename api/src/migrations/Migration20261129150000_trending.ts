import { Migration } from '@mikro-orm/migrations';

/**
 * The community gallery's sorts (api/src/modules/video/core/trending.ts, posts.ts): the trending
 * scores the worker's cron writes, read keyset-paged by (score, created_at, id); an index for "most
 * liked"; and one for a user's "Liked" list and the trending window's likes, by when they were made.
 */
export class Migration20261129150000_trending extends Migration {
  override up(): void {
    this.addSql(`create table "post_trending" (
      "post_id" uuid not null primary key references "posts" ("id") on delete cascade,
      "score" double precision not null,
      "created_at" timestamptz not null,
      "computed_at" timestamptz not null default now()
    );`);
    // A video published between two runs of the cron is in the trending list at once, with 0 (after
    // the scored ones, newest first); the next run scores it. Existing public videos start the same way.
    this.addSql(`insert into "post_trending" ("post_id", "score", "created_at")
      select "id", 0, "created_at" from "posts" where "is_public";`);
    this.addSql(`create or replace function post_trending_published() returns trigger as $$
      begin
        insert into post_trending (post_id, score, created_at) values (new.id, 0, new.created_at)
          on conflict (post_id) do nothing;
        return null;
      end $$ language plpgsql;`);
    this.addSql(`create trigger "posts_trending_published" after insert or update of "is_public" on "posts"
      for each row when (new.is_public) execute function post_trending_published();`);
    this.addSql(
      `create index "post_trending_order_index" on "post_trending" ("score" desc, "created_at" desc, "post_id" desc);`,
    );
    this.addSql(
      `create index "posts_public_likes_index" on "posts" ("likes" desc, "created_at" desc, "id" desc) where "is_public";`,
    );
    this.addSql(`create index "post_likes_user_created_index" on "post_likes" ("user_id", "created_at" desc, "post_id" desc);`);
    this.addSql(`create index "post_likes_created_index" on "post_likes" ("created_at");`);
    this.addSql(`create index "post_views_day_index" on "post_views" ("day");`);
  }

  override down(): void {
    this.addSql(`drop index if exists "post_views_day_index";`);
    this.addSql(`drop index if exists "post_likes_created_index";`);
    this.addSql(`drop index if exists "post_likes_user_created_index";`);
    this.addSql(`drop index if exists "posts_public_likes_index";`);
    this.addSql(`drop trigger if exists "posts_trending_published" on "posts";`);
    this.addSql(`drop function if exists post_trending_published();`);
    this.addSql(`drop table if exists "post_trending";`);
  }
}
