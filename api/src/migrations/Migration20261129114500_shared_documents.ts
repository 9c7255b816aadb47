import { Migration } from '@mikro-orm/migrations';

/** A share link keeps the chat's canvas documents as they were (modules/shares, modules/documents). */
export class Migration20261129114500_shared_documents extends Migration {
  override up(): void {
    this.addSql(`alter table "chat_shares" add column "documents" jsonb null;`);
  }

  override down(): void {
    this.addSql(`alter table "chat_shares" drop column if exists "documents";`);
  }
}
