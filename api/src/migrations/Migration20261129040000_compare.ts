import { Migration } from '@mikro-orm/migrations';

/**
 * Compare (api/src/modules/compare): one prompt answered by several assistants side by side, the
 * user's votes and saved teams; every answer keeps how long it took (time to first token, total),
 * and a merged answer the answers it combined.
 */
export class Migration20261129040000_compare extends Migration {
  override up(): void {
    this.addSql(
      `alter table "messages" add column "ttft_ms" int null, add column "total_ms" int null, add column "merged_from" text[] null;`,
    );
    this.addSql(`create table "compare_turns" (
      "id" uuid not null references "messages" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "chat_id" uuid not null references "chats" ("id") on delete cascade,
      "assistants" text[] not null,
      "answer_ids" text[] not null,
      "blind" boolean not null default false,
      "mode" varchar(32) null,
      "winner" varchar(32) null,
      "tie" boolean not null default false,
      "voted_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      primary key ("id"));`);
    this.addSql(`create index "compare_turns_user_voted_idx" on "compare_turns" ("user_id", "voted_at");`);
    this.addSql(`create index "compare_turns_chat_id_index" on "compare_turns" ("chat_id");`);
    this.addSql(`create table "compare_teams" (
      "id" uuid not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "name" varchar(40) not null,
      "assistants" text[] not null,
      primary key ("id"));`);
    this.addSql(
      `alter table "compare_teams" add constraint "compare_teams_user_name_unique" unique ("user_id", "name");`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "compare_teams";`);
    this.addSql(`drop table if exists "compare_turns";`);
    this.addSql(
      `alter table "messages" drop column if exists "ttft_ms", drop column if exists "total_ms", drop column if exists "merged_from";`,
    );
  }
}
