import { Migration } from '@mikro-orm/migrations';

/**
 * The files of My Files a chat reads (chat/core/chatFiles.ts): kept on the chat, so every device and
 * every later prompt sees them. Ids only, as messages.file_ids: a file deleted since is left out
 * where they are read (knowledge/core/retrieve.ts askableAmong), so no foreign key holds it back.
 */
export class Migration20261129103000_chat_files extends Migration {
  override up(): void {
    this.addSql(`alter table "chats" add column "file_ids" text[] null;`);
  }

  override down(): void {
    this.addSql(`alter table "chats" drop column if exists "file_ids";`);
  }
}
