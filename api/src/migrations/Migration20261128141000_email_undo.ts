import { Migration } from '@mikro-orm/migrations';

/**
 * Undo links for an e-mail address change (accounts/core/emailChange.ts): a third purpose of the
 * one-time account tokens; `email` holds the address the link restores.
 */
export class Migration20261128141000_email_undo extends Migration {
  override up(): void {
    this.addSql(`alter table "account_tokens" drop constraint if exists "account_tokens_purpose_check";`);
    this.addSql(`alter table "account_tokens" add constraint "account_tokens_purpose_check"
      check ("purpose" in ('password_reset', 'email_verify', 'email_undo'));`);
  }

  override down(): void {
    this.addSql(`delete from "account_tokens" where "purpose" = 'email_undo';`);
    this.addSql(`alter table "account_tokens" drop constraint if exists "account_tokens_purpose_check";`);
    this.addSql(`alter table "account_tokens" add constraint "account_tokens_purpose_check"
      check ("purpose" in ('password_reset', 'email_verify'));`);
  }
}
