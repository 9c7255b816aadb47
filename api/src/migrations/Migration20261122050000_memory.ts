import { Migration } from '@mikro-orm/migrations';

/** Long-term memory: durable facts per user, searchable by full text (English stemming). */
export class Migration20261122050000_memory extends Migration {
  override up(): void {
    this.addSql(`create table "memories" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "content" text not null,
      "created_at" timestamptz not null default now(),
      "search" tsvector generated always as (to_tsvector('english', "content")) stored
    );`);
    this.addSql(`create unique index "memories_user_content_unique" on "memories" ("user_id", lower("content"));`);
    this.addSql(`create index "memories_search_idx" on "memories" using gin ("search");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "memories";`);
  }
}
