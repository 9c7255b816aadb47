import { Migration } from '@mikro-orm/migrations';

/**
 * Staff and the audit log (api/src/modules/moderation): each user's role and the restrictions staff
 * put on an account, and the log of every staff action and automatic decision, kept.
 */
export class Migration20261129130000_staff extends Migration {
  override up(): void {
    this.addSql(`alter table "users"
      add column "role" text not null default 'user' check ("role" in ('user', 'moderator', 'admin')),
      add column "banned_at" timestamptz null,
      add column "suspended_until" timestamptz null,
      add column "restriction_reason" text null;`);
    // The console lists staff first and filters by role; most users are plain users.
    this.addSql(`create index "users_staff_index" on "users" ("role") where "role" <> 'user';`);
    this.addSql(`create table "audit_log" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null default now(),
      "actor_id" uuid null references "users" ("id") on delete set null,
      "actor_name" varchar(50) null,
      "action" varchar(60) not null,
      "target_type" varchar(30) not null,
      "target_id" varchar(100) not null,
      "reason" text null,
      "details" jsonb not null default '{}'::jsonb);`);
    this.addSql(`create index "audit_log_created_at_index" on "audit_log" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "audit_log_target_index" on "audit_log" ("target_type", "target_id");`);
    this.addSql(`create index "audit_log_actor_index" on "audit_log" ("actor_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "audit_log";`);
    this.addSql(`alter table "users" drop column if exists "role", drop column if exists "banned_at",
      drop column if exists "suspended_until", drop column if exists "restriction_reason";`);
  }
}
