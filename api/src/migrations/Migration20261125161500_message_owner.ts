import { Migration } from '@mikro-orm/migrations';

/**
 * Search speed (issue 18, item 1: p50 <= 30 ms over 100,000 messages of one user). Each message
 * carries its chat owner's id, so a search reads only the caller's messages straight from an index
 * instead of joining chats and throwing away everybody else's matches:
 * - `messages.user_id`, kept equal to the chat's owner by triggers (so every way a message is
 *   written, the ORM or plain SQL as imports and tests do, fills it; nobody has to remember);
 * - `(user_id, created_at)` btree: a user's newest messages first, the scan a very common word or a
 *   part of a word is answered by (a few hundred rows read instead of every match);
 * - `(user_id, search_vector)` and `(user_id, content gin_trgm_ops)` GIN (btree_gin gives GIN the
 *   uuid column), replacing the single-column ones: a rarer word or part of a word is looked up
 *   among the caller's messages only, however many other users there are; and `(user_id, title
 *   gin_trgm_ops)` on chats for the same reason;
 * - the word-similarity operators (`<%`, `%>`) are declared as costly as they are: at the default
 *   cost the planner compared every title of a user with 1,000 chats (10-20 ms under load) rather
 *   than ask the trigram index for the few dozen candidates (under 1 ms).
 *
 * Not in the Message entity, like `search_vector`: the ORM never writes it (`npm run
 * migration:create` proposes dropping it; drop that line).
 */
export class Migration20261125161500_message_owner extends Migration {
  override up(): void {
    // Pending migrations run in one transaction: the branches migration before this one leaves
    // deferred foreign-key checks queued on messages, and ALTER TABLE refuses a table with pending
    // trigger events. Checking them now empties the queue (and still fails on a broken key).
    this.addSql(`set constraints all immediate;`);
    this.addSql(`create extension if not exists btree_gin;`);
    this.addSql(`alter table "messages" add column "user_id" uuid null;`);
    this.addSql(`update "messages" m set "user_id" = c."user_id" from "chats" c where c."id" = m."chat_id";`);
    this.addSql(`alter table "messages" alter column "user_id" set not null;`);
    // The owner always comes from the chat, whatever the writer sent: a message can never be
    // searchable by someone who does not own its chat.
    this.addSql(`create or replace function messages_set_owner() returns trigger language plpgsql as $$
      begin
        select c."user_id" into new."user_id" from "chats" c where c."id" = new."chat_id";
        return new;
      end $$;`);
    this.addSql(`create trigger messages_set_owner before insert or update of "chat_id", "user_id" on "messages"
      for each row execute function messages_set_owner();`);
    // Chats do not change hands today; if one ever does, its messages follow.
    this.addSql(`create or replace function chats_move_messages() returns trigger language plpgsql as $$
      begin
        update "messages" set "user_id" = new."user_id" where "chat_id" = new."id";
        return null;
      end $$;`);
    this.addSql(`create trigger chats_move_messages after update of "user_id" on "chats"
      for each row when (old."user_id" is distinct from new."user_id") execute function chats_move_messages();`);
    this.addSql(`create index "messages_user_created_idx" on "messages" ("user_id", "created_at");`);
    this.addSql(`create index "messages_user_search_idx" on "messages" using gin ("user_id", "search_vector");`);
    this.addSql(
      `create index "messages_user_content_trgm_idx" on "messages" using gin ("user_id", "content" gin_trgm_ops);`,
    );
    this.addSql(`create index "chats_user_title_trgm_idx" on "chats" using gin ("user_id", "title" gin_trgm_ops);`);
    this.addSql(`drop index if exists "messages_search_vector_idx";`);
    this.addSql(`drop index if exists "messages_content_trgm_idx";`);
    this.addSql(`drop index if exists "chats_title_trgm_idx";`);
    this.addSql(`alter function word_similarity_op(text, text) cost 100;`);
    this.addSql(`alter function word_similarity_commutator_op(text, text) cost 100;`);
  }

  override down(): void {
    this.addSql(`alter function word_similarity_op(text, text) cost 1;`);
    this.addSql(`alter function word_similarity_commutator_op(text, text) cost 1;`);
    this.addSql(`create index if not exists "chats_title_trgm_idx" on "chats" using gin ("title" gin_trgm_ops);`);
    this.addSql(`create index if not exists "messages_search_vector_idx" on "messages" using gin ("search_vector");`);
    this.addSql(
      `create index if not exists "messages_content_trgm_idx" on "messages" using gin ("content" gin_trgm_ops);`,
    );
    this.addSql(`drop index if exists "chats_user_title_trgm_idx";`);
    this.addSql(`drop index if exists "messages_user_content_trgm_idx";`);
    this.addSql(`drop index if exists "messages_user_search_idx";`);
    this.addSql(`drop index if exists "messages_user_created_idx";`);
    this.addSql(`drop trigger if exists chats_move_messages on "chats";`);
    this.addSql(`drop function if exists chats_move_messages();`);
    this.addSql(`drop trigger if exists messages_set_owner on "messages";`);
    this.addSql(`drop function if exists messages_set_owner();`);
    this.addSql(`alter table "messages" drop column if exists "user_id";`);
  }
}
