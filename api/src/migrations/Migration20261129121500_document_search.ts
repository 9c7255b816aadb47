import { Migration } from '@mikro-orm/migrations';

/**
 * Chat search finds canvas documents by their title and text (modules/search): a stored generated
 * tsvector, looked up among the caller's documents only ((user_id, search_vector) GIN, btree_gin).
 * Not in the ChatDocument entity, like messages.search_vector: the ORM never writes it.
 */
export class Migration20261129121500_document_search extends Migration {
  override up(): void {
    this.addSql(
      `alter table "documents" add "search_vector" tsvector generated always as (to_tsvector('english'::regconfig, "title" || ' ' || "content")) stored;`,
    );
    this.addSql(`create index "documents_user_search_idx" on "documents" using gin ("user_id", "search_vector");`);
  }

  override down(): void {
    this.addSql(`alter table "documents" drop column if exists "search_vector";`);
  }
}
