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
    // Community search runs over title, prompt and description; tags filter with @>.
    this.addSql(`create index "posts_tags_idx" on "posts" using gin ("tags");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "worker_heartbeats";`);
    this.addSql(`drop table if exists "post_views";`);
    this.addSql(`drop table if exists "post_likes";`);
    this.addSql(`drop index if exists "posts_tags_idx";`);
    this.addSql(`drop index if exists "video_jobs_user_created_idx";`);
    this.addSql(`alter table "video_jobs" drop column "remote_id";`);
  }
}
