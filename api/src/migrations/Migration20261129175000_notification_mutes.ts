import { Migration } from '@mikro-orm/migrations';

/**
 * The kinds of notification a person muted (api/src/modules/notifications/core/mutes.ts): `notify`
 * writes none of a muted kind, so it reaches neither the bell, nor a browser alert, nor a sound.
 */
export class Migration20261129175000_notification_mutes extends Migration {
  override up(): void {
    this.addSql(`create table "notification_mutes" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "kind" varchar(30) not null,
      primary key ("user_id", "kind"));`);
  }

  override down(): void {
    this.addSql('drop table if exists "notification_mutes";');
  }
}
