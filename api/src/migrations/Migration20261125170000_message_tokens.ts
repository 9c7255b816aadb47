import { Migration } from '@mikro-orm/migrations';

/**
 * Each answer's token count and model as its provider reported them (issue 18, item 6). Both stay
 * null when the provider said nothing (the offline provider, a stopped answer, a server that sends
 * no usage): a count is never estimated.
 */
export class Migration20261125170000_message_tokens extends Migration {
  override up(): void {
    // Migrations run in one transaction: the branches migration's updates leave the deferred
    // parent checks pending, and PostgreSQL refuses to alter a table with pending trigger events.
    // Checking them now (stricter, never looser) lets this run right after it on an old database.
    this.addSql(`set constraints all immediate;`);
    this.addSql(`alter table "messages" add column "tokens" int null, add column "model_name" varchar(100) null;`);
  }

  override down(): void {
    this.addSql(`alter table "messages" drop column if exists "tokens", drop column if exists "model_name";`);
  }
}
