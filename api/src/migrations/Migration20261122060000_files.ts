import { Migration } from '@mikro-orm/migrations';

/** Files a user owns (uploads, chat images, generated images, videos, thumbnails). */
export class Migration20261122060000_files extends Migration {
  override up(): void {
    this.addSql(`create table "files" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "name" varchar(255) not null,
      "content_type" varchar(100) not null,
      "size" bigint not null check ("size" >= 0),
      "storage_key" text not null unique,
      "purpose" text not null check ("purpose" in ('upload', 'chat_image', 'generated_image', 'video', 'thumbnail')),
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "files_user_created_idx" on "files" ("user_id", "created_at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "files";`);
  }
}
