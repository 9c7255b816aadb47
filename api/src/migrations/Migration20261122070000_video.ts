import { Migration } from '@mikro-orm/migrations';

/**
 * Video generation and the galleries: the remote provider's job id (so a retried job resumes the
 * same remote render instead of paying for a second), likes (one per user), views (one per viewer
 * per day), and the worker heartbeats that let a restarted worker take over jobs a killed one held.
 */
export class Migration20261122070000_video extends Migration {
  override up(): void {
    this.addSql(`alter table "video_jobs" add column "remote_id" text null;`);
    this.addSql(`create index "video_jobs_user_created_idx" on "video_jobs" ("user_id", "created_at");`);
    this.addSql(`create table "post_likes" (
      "post_id" uuid not null references "posts" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      primary key ("post_id", "user_id")
    );`);
    this.addSql(`create table "post_views" (
      "post_id" uuid not null references "posts" ("id") on delete cascade,
      "viewer" text not null,
      "day" date not null default current_date,
      primary key ("post_id", "viewer", "day")
    );`);
    this.addSql(`create table "worker_heartbeats" (
      "worker_id" text not null primary key,
      "seen_at" timestamptz not null default now()
    );`);
    // Keyset pages of public videos read (created_at, id) in order straight from this index.
    this.addSql(`drop index if exists "posts_public_created_idx";`);
    this.addSql(
      `create index "posts_public_created_idx" on "posts" ("created_at" desc, "id" desc) where "is_public";`,
    );
    // Every process caches the first page of public videos; any change to what it shows drops it.
    this.addSql(`create or replace function notify_public_videos_changed() returns trigger as $$
      begin
        perform pg_notify('public_videos_changed', 'first-page');
        return null;
      end $$ language plpgsql;`);
    this.addSql(`create trigger posts_public_videos_changed
      after insert or delete or update of is_public, title, description, tags on posts
      for each statement execute function notify_public_videos_changed();`);
    // Community search runs over title, prompt and description; tags filter with @>.
    this.addSql(`create index "posts_tags_idx" on "posts" using gin ("tags");`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists posts_public_videos_changed on posts;`);
    this.addSql(`drop function if exists notify_public_videos_changed();`);
    this.addSql(`drop table if exists "worker_heartbeats";`);
    this.addSql(`drop table if exists "post_views";`);
    this.addSql(`drop table if exists "post_likes";`);
    this.addSql(`drop index if exists "posts_tags_idx";`);
    this.addSql(`drop index if exists "video_jobs_user_created_idx";`);
    this.addSql(`alter table "video_jobs" drop column "remote_id";`);
  }
}
