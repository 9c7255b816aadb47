import { Migration } from '@mikro-orm/migrations';

/**
 * Chat search finds an answer by the sources it cites, not only by its words: a message's
 * `search_vector` also holds the title and snippet of each of its `sources` (a file's name and
 * passage, a web page's title and extract; modules/knowledge, modules/websearch). Kinds and links
 * stay out ("web" or "https" would match every cited answer). jsonb_path_query_array and
 * jsonb_to_tsvector with a configuration are immutable, so the column stays generated and stored:
 * every writer (the ORM, imports' plain SQL) fills it. A generated column's expression cannot be
 * altered on PostgreSQL 16 and older, so it is dropped and added again with its two GIN indexes.
 */
const SEARCH_VECTOR = `to_tsvector('english'::regconfig, "content")
  || jsonb_to_tsvector('english'::regconfig,
       jsonb_path_query_array(coalesce("sources", '[]'::jsonb), '$[*].title')
         || jsonb_path_query_array(coalesce("sources", '[]'::jsonb), '$[*].snippet'),
       '["string"]')`;

export class Migration20261129100000_source_search extends Migration {
  override up(): void {
    // As in Migration20261125161500_message_owner: earlier pending migrations may leave deferred
    // checks queued on messages, which ALTER TABLE refuses.
    this.addSql(`set constraints all immediate;`);
    this.addSql(`alter table "messages" drop column "search_vector";`);
    this.addSql(`alter table "messages" add "search_vector" tsvector generated always as (${SEARCH_VECTOR}) stored;`);
    this.addSql(`create index "messages_user_search_idx" on "messages" using gin ("user_id", "search_vector");`);
  }

  override down(): void {
    this.addSql(`alter table "messages" drop column "search_vector";`);
    this.addSql(
      `alter table "messages" add "search_vector" tsvector generated always as (to_tsvector('english'::regconfig, "content")) stored;`,
    );
    this.addSql(`create index "messages_user_search_idx" on "messages" using gin ("user_id", "search_vector");`);
  }
}
