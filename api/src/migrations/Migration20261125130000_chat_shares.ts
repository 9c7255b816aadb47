import { Migration } from '@mikro-orm/migrations';

/**
 * Share links (issue 18, item 3): a snapshot of a chat's messages behind a random token. The token
 * is looked up on every visit (unique index); a chat's and an owner's links are listed by their ids.
 */
export class Migration20261125130000_chat_shares extends Migration {
  override up(): void {
    this.addSql(`create table "chat_shares" (
      "id" uuid not null primary key,
      "token" varchar(64) not null,
      "chat_id" uuid not null references "chats" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "title" varchar(200) not null,
      "messages" jsonb not null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "chat_shares" add constraint "chat_shares_token_unique" unique ("token");`);
    this.addSql(`create index "chat_shares_chat_id_index" on "chat_shares" ("chat_id");`);
    this.addSql(`create index "chat_shares_user_id_index" on "chat_shares" ("user_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "chat_shares";`);
  }
}
