import { Migration } from '@mikro-orm/migrations';

/**
 * How far a file being read has got (knowledge/core/indexing.ts writes it, My Files shows it):
 * 0-100 while `indexing`, null otherwise.
 */
export class Migration20261129110000_knowledge_progress extends Migration {
  override up(): void {
    this.addSql(
      `alter table "knowledge_files" add column "progress" smallint null check ("progress" between 0 and 100);`,
    );
  }

  override down(): void {
    this.addSql(`alter table "knowledge_files" drop column if exists "progress";`);
  }
}
