import { Migration } from '@mikro-orm/migrations';

/**
 * Folders of My Files (api/src/modules/files/core/folders.ts): a user's folders, and on each file the
 * folder it is in (deleting the folder leaves its files in none).
 */
export class Migration20261129120000_file_folders extends Migration {
  override up(): void {
    this.addSql(`create table "file_folders" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "name" varchar(60) not null);`);
    this.addSql(`create index "file_folders_user_id_index" on "file_folders" ("user_id");`);
    this.addSql(
      `alter table "files" add column "folder_id" uuid null references "file_folders" ("id") on delete set null;`,
    );
    this.addSql(`create index "files_folder_id_index" on "files" ("folder_id");`);
  }

  override down(): void {
    this.addSql(`alter table "files" drop column if exists "folder_id";`);
    this.addSql(`drop table if exists "file_folders";`);
  }
}
