import { Migration } from '@mikro-orm/migrations';

/**
 * Canvas documents of a chat (api/src/modules/documents): each with its current content and version,
 * and every saved version; deleted with their chat (or their user).
 */
export class Migration20261129113000_documents extends Migration {
  override up(): void {
    this.addSql(`create table "documents" (
      "id" uuid not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "chat_id" uuid not null references "chats" ("id") on update cascade on delete cascade,
      "user_id" uuid not null references "users" ("id") on update cascade on delete cascade,
      "title" varchar(200) not null,
      "kind" text check ("kind" in ('text', 'code')) not null,
      "language" varchar(32) null,
      "content" text not null,
      "version" int not null default 1,
      primary key ("id"));`);
    this.addSql(`create index "documents_user_id_index" on "documents" ("user_id");`);
    this.addSql(`create index "documents_chat_created_idx" on "documents" ("chat_id", "created_at");`);
    this.addSql(`create table "document_versions" (
      "document_id" uuid not null references "documents" ("id") on update cascade on delete cascade,
      "version" int not null,
      "title" varchar(200) not null,
      "content" text not null,
      "source" text check ("source" in ('create', 'save', 'rewrite', 'restore')) not null,
      "created_at" timestamptz not null default now(),
      primary key ("document_id", "version"));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "document_versions";`);
    this.addSql(`drop table if exists "documents";`);
  }
}
