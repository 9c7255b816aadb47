import { Migration } from '@mikro-orm/migrations';

/**
 * Follows (api/src/modules/creators/core/follows.ts): one row per follower and person followed, so
 * parallel follows make one row and the counts are count(*) of it.
 */
export class Migration20261129160000_follows extends Migration {
  override up(): void {
    this.addSql(`create table "user_follows" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null default now(),
      "follower_id" uuid not null references "users" ("id") on delete cascade,
      "followed_id" uuid not null references "users" ("id") on delete cascade,
      constraint "user_follows_pair_unique" unique ("follower_id", "followed_id"),
      constraint "user_follows_not_self" check ("follower_id" <> "followed_id"));`);
    // Counting a person's followers (the pair index counts whom they follow).
    this.addSql(`create index "user_follows_followed_index" on "user_follows" ("followed_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "user_follows" cascade;`);
  }
}
