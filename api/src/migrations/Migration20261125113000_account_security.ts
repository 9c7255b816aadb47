import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts a paying customer can trust (part A): verified e-mail and password change dates on the
 * user; one-time links (password reset, e-mail verification) stored only as a SHA-256 of the token;
 * data exports built by the worker; and direct messages that outlive a deleted participant (the
 * friend keeps their own messages, the other side shows as "Deleted user").
 */
export class Migration20261125113000_account_security extends Migration {
  override up(): void {
    this.addSql(`alter table "users" add column "email_verified_at" timestamptz null, add column "password_changed_at" timestamptz null;`);

    this.addSql(`create table "account_tokens" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "purpose" text not null check ("purpose" in ('password_reset', 'email_verify')),
      "token_hash" char(64) not null,
      "email" varchar(254) null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "account_tokens_hash_unique" unique ("token_hash")
    );`);
    this.addSql(`create index "account_tokens_user_purpose_idx" on "account_tokens" ("user_id", "purpose");`);

    this.addSql(`create table "account_exports" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "status" text not null default 'queued' check ("status" in ('queued', 'running', 'ready', 'failed')),
      "progress" integer not null default 0 check ("progress" between 0 and 100),
      "storage_key" text null,
      "size_bytes" bigint null,
      "error" text null,
      "created_at" timestamptz not null default now(),
      "finished_at" timestamptz null
    );`);
    this.addSql(`create index "account_exports_user_idx" on "account_exports" ("user_id", "created_at");`);

    // A deleted participant leaves the thread (null) instead of taking it along: their own messages
    // still go with them (direct_messages.sender_id cascades), the friend's stay.
    this.addSql(`alter table "conversations" alter column "user_a_id" drop not null, alter column "user_b_id" drop not null;`);
    this.addSql(`alter table "conversations" drop constraint "conversations_user_a_id_fkey", add constraint "conversations_user_a_id_fkey" foreign key ("user_a_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "conversations" drop constraint "conversations_user_b_id_fkey", add constraint "conversations_user_b_id_fkey" foreign key ("user_b_id") references "users" ("id") on delete set null;`);
  }

  override down(): void {
    this.addSql(`delete from "conversations" where "user_a_id" is null or "user_b_id" is null;`);
    this.addSql(`alter table "conversations" drop constraint "conversations_user_a_id_fkey", add constraint "conversations_user_a_id_fkey" foreign key ("user_a_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "conversations" drop constraint "conversations_user_b_id_fkey", add constraint "conversations_user_b_id_fkey" foreign key ("user_b_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "conversations" alter column "user_a_id" set not null, alter column "user_b_id" set not null;`);
    this.addSql(`drop table if exists "account_exports";`);
    this.addSql(`drop table if exists "account_tokens";`);
    this.addSql(`alter table "users" drop column "email_verified_at", drop column "password_changed_at";`);
  }
}
