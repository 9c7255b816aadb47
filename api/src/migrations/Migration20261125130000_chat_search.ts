import { Migration } from '@mikro-orm/migrations';

/**
 * Search over a user's own chats (modules/search). Full-text: a stored generated tsvector of each
 * message with a GIN index, so a search reads the index, never the text of every message. The
 * 'english' configuration stems ("running" finds "run"); the last word is matched as a prefix at
 * query time. Trigram indexes (pg_trgm, already created for post search) answer partial words in
 * messages and partial chat titles, which a tsvector cannot.
 *
 * The generated column is not in the Message entity: the ORM never reads or writes it, and
 * `npm run migration:create` proposes dropping it (drop that line, as for the triggers).
 */
export class Migration20261125130000_chat_search extends Migration {
  override up(): void {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `alter table "messages" add "search_vector" tsvector generated always as (to_tsvector('english'::regconfig, "content")) stored;`,
    );
    this.addSql(`create index "messages_search_vector_idx" on "messages" using gin ("search_vector");`);
    this.addSql(`create index "messages_content_trgm_idx" on "messages" using gin ("content" gin_trgm_ops);`);
    this.addSql(`create index "chats_title_trgm_idx" on "chats" using gin ("title" gin_trgm_ops);`);
  }

  override down(): void {
    this.addSql(`drop index if exists "chats_title_trgm_idx";`);
    this.addSql(`drop index if exists "messages_content_trgm_idx";`);
    this.addSql(`drop index if exists "messages_search_vector_idx";`);
    this.addSql(`alter table "messages" drop column if exists "search_vector";`);
  }
}
