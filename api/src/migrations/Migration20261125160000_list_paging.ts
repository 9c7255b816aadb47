import { Migration } from '@mikro-orm/migrations';

/**
 * Lists that page (issue 16). My Chats reads pinned chats first, then the rest most recently
 * updated first, a keyset page at a time on (pinned_at or -infinity, updated_at, id): with the
 * same expression and id in the index, a page is read in order straight from it however many
 * chats the user has, and chats sharing a timestamp keep one stable order. (A chat's messages page
 * along its path by primary key from the leaf up, tree.ts: they need no index of their own.)
 */
export class Migration20261125160000_list_paging extends Migration {
  override up(): void {
    // Migrations run in one transaction: message_branches, just before, fills the deferred foreign
    // keys of chats, and PostgreSQL builds no index on a table with trigger events still pending.
    this.addSql('set constraints all immediate;');
    this.addSql(`drop index if exists "chats_user_updated_idx";`);
    this.addSql(
      `create index "chats_user_list_idx" on "chats" ("user_id", (coalesce("pinned_at", '-infinity'::timestamptz)) desc, "updated_at" desc, "id" desc);`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "chats_user_list_idx";`);
    this.addSql(`create index "chats_user_updated_idx" on "chats" ("user_id", "updated_at");`);
  }
}
