import { Migration } from '@mikro-orm/migrations';

/**
 * An import's archive waits in storage (`source_key`), streamed there by the upload, instead of in
 * the row (`source`, kept for rows queued before): a status read no longer carries the file. The
 * partial index serves the per-user count of imports waiting or running (IMPORTS_QUEUED_PER_USER).
 */
export class Migration20261128142000_import_source_key extends Migration {
  override up(): void {
    this.addSql(`alter table "chat_imports" add column "source_key" text null;`);
    this.addSql(
      `create index "chat_imports_in_flight_idx" on "chat_imports" ("user_id") where "status" in ('queued', 'running');`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "chat_imports_in_flight_idx";`);
    this.addSql(`alter table "chat_imports" drop column if exists "source_key";`);
  }
}
