import { Migration } from '@mikro-orm/migrations';

/**
 * Messages form a tree (issue 18, item 2): each message points at the one it follows, so an edited
 * prompt or a regenerated answer is a sibling version; the chat remembers the leaf of the path
 * being shown. Existing chats become a single path: each message follows the one before it (by
 * created_at, id), and the chat's leaf is its newest message. Both keys are checked at commit, so
 * a chat and its messages can be written in one flush in any order.
 */
export class Migration20261125153000_message_branches extends Migration {
  override up(): void {
    this.addSql(
      `alter table "messages" add column "parent_id" uuid null references "messages" ("id") on delete cascade deferrable initially deferred;`,
    );
    // Versions of a message are its parent's children: looked up by parent on every chat load.
    this.addSql(`create index "messages_chat_parent_idx" on "messages" ("chat_id", "parent_id");`);
    this.addSql(
      `alter table "chats" add column "current_message_id" uuid null references "messages" ("id") on delete set null deferrable initially deferred;`,
    );
    this.addSql(`update "messages" m set "parent_id" = o.prev
      from (select "id", lag("id") over (partition by "chat_id" order by "created_at", "id") as prev
              from "messages") o
     where m."id" = o."id" and o.prev is not null;`);
    this.addSql(`update "chats" c set "current_message_id" = l."id"
      from (select distinct on ("chat_id") "chat_id", "id" from "messages"
             order by "chat_id", "created_at" desc, "id" desc) l
     where c."id" = l."chat_id";`);
  }

  override down(): void {
    this.addSql(`alter table "chats" drop column if exists "current_message_id";`);
    this.addSql(`drop index if exists "messages_chat_parent_idx";`);
    this.addSql(`alter table "messages" drop column if exists "parent_id";`);
  }
}
