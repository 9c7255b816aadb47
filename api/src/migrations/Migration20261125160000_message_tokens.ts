import { Migration } from '@mikro-orm/migrations';

/**
 * Each answer's token count and model as its provider reported them (issue 18, item 6). Both stay
 * null when the provider said nothing (the offline provider, a stopped answer, a server that sends
 * no usage): a count is never estimated.
 */
export class Migration20261125160000_message_tokens extends Migration {
  override up(): void {
    this.addSql(`alter table "messages" add column "tokens" int null, add column "model_name" varchar(100) null;`);
  }

  override down(): void {
    this.addSql(`alter table "messages" drop column if exists "tokens", drop column if exists "model_name";`);
  }
}
