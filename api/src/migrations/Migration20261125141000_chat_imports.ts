import { Migration } from '@mikro-orm/migrations';

/**
 * Chat imports (issue 18, item 4). `chat_imports` is one upload and its job's progress; the file
 * waits in `source` until the job has read it. `chat_import_hashes` remembers each imported
 * conversation per user (source id + content), so the same file imported twice adds nothing;
 * deleting the chat forgets it, so it can be imported again.
 */
export class Migration20261125141000_chat_imports extends Migration {
  override up(): void {
    this.addSql(`create table "chat_imports" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "status" text not null default 'queued' check ("status" in ('queued', 'running', 'completed', 'failed')),
      "format" text not null check ("format" in ('chorus', 'chatgpt', 'claude')),
      "progress" integer not null default 0 check ("progress" between 0 and 100),
      "chats_imported" integer not null default 0,
      "messages_imported" integer not null default 0,
      "error" text null,
      "content_hash" char(64) not null,
      "source" text null,
      "created_at" timestamptz not null default now(),
      "finished_at" timestamptz null
    );`);
    this.addSql(`create index "chat_imports_user_idx" on "chat_imports" ("user_id", "created_at");`);
    this.addSql(`create table "chat_import_hashes" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "hash" char(64) not null,
      "chat_id" uuid null references "chats" ("id") on delete cascade,
      primary key ("user_id", "hash")
    );`);
    this.addSql(`create index "chat_import_hashes_chat_idx" on "chat_import_hashes" ("chat_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "chat_import_hashes";`);
    this.addSql(`drop table if exists "chat_imports";`);
  }
}
