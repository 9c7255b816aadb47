import { Migration } from '@mikro-orm/migrations';

/**
 * Notifications (api/src/modules/notifications): what happened to a person while they were away, kept
 * until they read it. A grouped kind (new messages in one conversation) keeps one unread row per
 * group, counted up, instead of a row per event.
 */
export class Migration20261129170000_notifications extends Migration {
  override up(): void {
    this.addSql(`create table "notifications" (
      "id" uuid not null primary key default gen_random_uuid(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "kind" varchar(30) not null,
      "actor_id" uuid null references "users" ("id") on delete set null,
      "target_type" varchar(20) null,
      "target_id" varchar(100) null,
      "group_key" varchar(150) null,
      "count" int not null default 1,
      "data" jsonb not null default '{}',
      "created_at" timestamptz not null default now(),
      "read_at" timestamptz null);`);
    this.addSql(
      `create index "notifications_user_index" on "notifications" ("user_id", "created_at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "notifications_unread_index" on "notifications" ("user_id") where "read_at" is null;`,
    );
    // One unread row per group: a new event of the group counts up the row that is there.
    this.addSql(
      `create unique index "notifications_unread_group_unique" on "notifications" ("user_id", "kind", "group_key")
        where "read_at" is null and "group_key" is not null;`,
    );
  }

  override down(): void {
    this.addSql('drop table if exists "notifications";');
  }
}
