import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to a user row (from any process, the ORM or plain SQL) is announced on the
 * `user_changed` channel after commit, so the api processes' in-memory user caches drop it.
 */
export class Migration20261122030000_user_change_notify extends Migration {
  override up(): void {
    this.addSql(`create or replace function notify_user_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('user_changed', coalesce(new.id, old.id)::text);
  return null;
end $$;`);
    this.addSql(`create trigger users_notify_changed after update or delete on users for each row execute function notify_user_changed();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists users_notify_changed on users;`);
    this.addSql(`drop function if exists notify_user_changed();`);
  }
}
