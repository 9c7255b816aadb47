import { Migration } from '@mikro-orm/migrations';

/**
 * Every memory stored or deleted (by the api, the worker's distil job or plain SQL) is announced on
 * `memories_changed` with its user's id after commit, so each api process's outline of that user's
 * memories (chat/core/memory/outlines.ts) is dropped, and a prompt never misses one for long.
 */
export class Migration20261126000000_memories_notify extends Migration {
  override up(): void {
    this.addSql(`create or replace function notify_memories_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('memories_changed', coalesce(new.user_id, old.user_id)::text);
  return null;
end $$;`);
    this.addSql(
      `create trigger memories_notify_changed after insert or update or delete on memories for each row execute function notify_memories_changed();`,
    );
  }

  override down(): void {
    this.addSql(`drop trigger if exists memories_notify_changed on memories;`);
    this.addSql(`drop function if exists notify_memories_changed();`);
  }
}
