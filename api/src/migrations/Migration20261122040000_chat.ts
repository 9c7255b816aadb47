import { Migration } from '@mikro-orm/migrations';

/**
 * Chat step: answer state on messages (streaming / error / stopped, attached images), chat modes,
 * and metering: the plan limits (spec §6, §9) and per-user monthly usage counters.
 */
export class Migration20261122040000_chat extends Migration {
  override up(): void {
    this.addSql(`alter table "chats" add "mode" text null;`);
    this.addSql(`alter table "chats" add constraint "chats_mode_check" check ("mode" in ('study', 'rewrite', 'business', 'coach'));`);
    this.addSql(`alter table "messages" add "status" text not null default 'complete', add "error" text null, add "images" text[] not null default '{}', add "updated_at" timestamptz not null default now();`);
    this.addSql(`alter table "messages" add constraint "messages_status_check" check ("status" in ('complete', 'streaming', 'error', 'stopped'));`);

    this.addSql(`create table "plan_limits" ("plan_type" varchar(16) not null, "feature" text not null, "monthly_limit" int null, primary key ("plan_type", "feature"));`);
    this.addSql(`alter table "plan_limits" add constraint "plan_limits_feature_check" check ("feature" in ('prompts', 'image_analysis', 'image_generation', 'videos'));`);
    // null = unlimited, 0 = not included. Free: 10 prompts a month, no image features (spec §6, §9).
    // Videos: a taste on free, a monthly allowance on Premium, unlimited on Max.
    this.addSql(`insert into "plan_limits" ("plan_type", "feature", "monthly_limit") values
      ('free', 'prompts', 10), ('free', 'image_analysis', 0), ('free', 'image_generation', 0), ('free', 'videos', 2),
      ('monthly', 'prompts', null), ('monthly', 'image_analysis', null), ('monthly', 'image_generation', null), ('monthly', 'videos', 20),
      ('yearly', 'prompts', null), ('yearly', 'image_analysis', null), ('yearly', 'image_generation', null), ('yearly', 'videos', 20),
      ('max', 'prompts', null), ('max', 'image_analysis', null), ('max', 'image_generation', null), ('max', 'videos', null),
      ('yearlyMax', 'prompts', null), ('yearlyMax', 'image_analysis', null), ('yearlyMax', 'image_generation', null), ('yearlyMax', 'videos', null);`);

    this.addSql(`create table "usage_counters" ("user_id" uuid not null, "feature" varchar(32) not null, "period_start" date not null, "used" int not null default 0, primary key ("user_id", "feature", "period_start"));`);
    this.addSql(`alter table "usage_counters" add constraint "usage_counters_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "usage_counters";`);
    this.addSql(`drop table if exists "plan_limits";`);
    this.addSql(`alter table "messages" drop constraint "messages_status_check";`);
    this.addSql(`alter table "messages" drop column "status", drop column "error", drop column "images", drop column "updated_at";`);
    this.addSql(`alter table "chats" drop constraint "chats_mode_check";`);
    this.addSql(`alter table "chats" drop column "mode";`);
  }
}
