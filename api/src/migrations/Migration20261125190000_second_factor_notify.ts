import { Migration } from '@mikro-orm/migrations';

/**
 * A change to someone's authenticator app or passkeys is announced on `user_changed` too (with
 * their user id), so the api processes' cached "second factor on?" (CurrentUsers, read by every
 * /api/auth/status) drops with it.
 */
export class Migration20261125190000_second_factor_notify extends Migration {
  override up(): void {
    this.addSql(`create or replace function notify_user_second_factor_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('user_changed', coalesce(new.user_id, old.user_id)::text);
  return null;
end $$;`);
    for (const table of ['user_totp', 'passkeys']) {
      this.addSql(
        `create trigger ${table}_notify_user_changed after insert or update or delete on ${table} for each row execute function notify_user_second_factor_changed();`,
      );
    }
  }

  override down(): void {
    for (const table of ['user_totp', 'passkeys']) {
      this.addSql(`drop trigger if exists ${table}_notify_user_changed on ${table};`);
    }
    this.addSql(`drop function if exists notify_user_second_factor_changed();`);
  }
}
