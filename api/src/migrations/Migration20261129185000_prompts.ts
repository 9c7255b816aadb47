import { Migration } from '@mikro-orm/migrations';

/** Saved prompts (api/src/modules/prompts): a person's own, some shared with their friends. */
export class Migration20261129185000_prompts extends Migration {
  override up(): void {
    this.addSql(`create table "saved_prompts" (
      "id" uuid not null primary key default gen_random_uuid(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "title" varchar(100) not null,
      "body" text not null check (char_length("body") between 1 and 8000),
      "shared" boolean not null default false,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "saved_prompts_user_index" on "saved_prompts" ("user_id", "updated_at" desc);`);
    this.addSql(`create index "saved_prompts_shared_index" on "saved_prompts" ("user_id") where "shared";`);
  }

  override down(): void {
    this.addSql('drop table if exists "saved_prompts";');
  }
}
