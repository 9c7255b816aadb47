import { Migration } from '@mikro-orm/migrations';

/**
 * Reports, blocks and hidden content (api/src/modules/moderation/core/reports.ts, blocks.ts): one
 * report per person per target, the content staff (or the auto-hide threshold) took out of view, and
 * who blocked whom.
 */
export class Migration20261129140000_reports extends Migration {
  override up(): void {
    this.addSql(`create table "reports" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null default now(),
      "reporter_id" uuid not null references "users" ("id") on delete cascade,
      "target_type" varchar(10) not null check ("target_type" in ('post', 'user', 'message')),
      "target_id" uuid not null,
      "owner_id" uuid null references "users" ("id") on delete set null,
      "reason" varchar(20) not null
        check ("reason" in ('spam', 'sexual', 'violence', 'hate', 'harassment', 'illegal', 'other')),
      "note" text null,
      "status" varchar(10) not null default 'open' check ("status" in ('open', 'resolved')),
      "outcome" varchar(10) null,
      "outcome_note" text null,
      "resolved_at" timestamptz null,
      "resolved_by_id" uuid null references "users" ("id") on delete set null,
      constraint "reports_reporter_target_unique" unique ("reporter_id", "target_type", "target_id"));`);
    // The queue reads open reports by target; the auto-hide count too.
    this.addSql(
      `create index "reports_open_target_index" on "reports" ("target_type", "target_id") where "status" = 'open';`,
    );
    this.addSql(`create index "reports_target_index" on "reports" ("target_type", "target_id", "created_at");`);
    this.addSql(`create table "hidden_content" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null default now(),
      "target_type" varchar(10) not null check ("target_type" in ('post', 'user', 'message')),
      "target_id" uuid not null,
      "reason" text not null,
      "automatic" boolean not null default false,
      "was_public" boolean null,
      constraint "hidden_content_target_unique" unique ("target_type", "target_id"));`);
    this.addSql(`create table "user_blocks" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null default now(),
      "blocker_id" uuid not null references "users" ("id") on delete cascade,
      "blocked_id" uuid not null references "users" ("id") on delete cascade,
      constraint "user_blocks_pair_unique" unique ("blocker_id", "blocked_id"),
      constraint "user_blocks_not_self" check ("blocker_id" <> "blocked_id"));`);
    this.addSql(`create index "user_blocks_blocked_index" on "user_blocks" ("blocked_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "user_blocks";`);
    this.addSql(`drop table if exists "hidden_content";`);
    this.addSql(`drop table if exists "reports";`);
  }
}
