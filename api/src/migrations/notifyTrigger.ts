import { Migration } from '@mikro-orm/migrations';

/**
 * "Announce every change to these rows on a channel, with a key, after commit": a plpgsql function
 * calling pg_notify, and row triggers running it. The api processes' in-memory caches
 * (platform/sharedCache.ts) drop the key they hear, whichever process or statement made the change.
 */
export interface NotifyTrigger {
  /** The trigger function's name. */
  fn: string;
  channel: string;
  /** The column whose value is the payload (the new row's, or the old one's on delete). */
  key: string;
  triggers: { name: string; table: string; events: string }[];
}

export const notifyTriggerUp = (t: NotifyTrigger): string[] => [
  `create or replace function ${t.fn}() returns trigger language plpgsql as $$
begin
  perform pg_notify('${t.channel}', coalesce(new.${t.key}, old.${t.key})::text);
  return null;
end $$;`,
  ...t.triggers.map(
    (x) => `create trigger ${x.name} after ${x.events} on ${x.table} for each row execute function ${t.fn}();`,
  ),
];

export const notifyTriggerDown = (t: NotifyTrigger): string[] => [
  ...t.triggers.map((x) => `drop trigger if exists ${x.name} on ${x.table};`),
  `drop function if exists ${t.fn}();`,
];

/** A migration that adds one notify trigger (and drops it on the way down). */
export abstract class NotifyTriggerMigration extends Migration {
  protected abstract readonly trigger: NotifyTrigger;

  override up(): void {
    for (const sql of notifyTriggerUp(this.trigger)) this.addSql(sql);
  }

  override down(): void {
    for (const sql of notifyTriggerDown(this.trigger)) this.addSql(sql);
  }
}
