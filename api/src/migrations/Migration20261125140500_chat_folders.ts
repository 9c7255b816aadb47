import { Migration } from '@mikro-orm/migrations';

/**
 * Folders and pins (issue 18, item 5): a user's chat folders, and on each chat the folder it is in
 * (deleting the folder leaves its chats in none) and when it was pinned.
 */
export class Migration20261125140500_chat_folders extends Migration {
  override up(): void {
    this.addSql(`create table "chat_folders" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "name" varchar(60) not null,
      "position" int not null default 0);`);
    this.addSql(`create index "chat_folders_user_id_index" on "chat_folders" ("user_id");`);
    this.addSql(
      `alter table "chats" add column "folder_id" uuid null references "chat_folders" ("id") on delete set null, add column "pinned_at" timestamptz null;`,
    );
    this.addSql(`create index "chats_folder_id_index" on "chats" ("folder_id");`);
  }

  override down(): void {
    this.addSql(`alter table "chats" drop column if exists "folder_id", drop column if exists "pinned_at";`);
    this.addSql(`drop table if exists "chat_folders";`);
  }
}
