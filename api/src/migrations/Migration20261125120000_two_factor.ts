import { Migration } from '@mikro-orm/migrations';

/**
 * Second factors and OpenID Connect identities. Every row belongs to a user and goes with it
 * (on delete cascade). `email_verified_at` is part A's column (verified e-mail); it is added here
 * only when missing, because an OpenID sign-in links to an account only by a verified address.
 */
export class Migration20261125120000_two_factor extends Migration {
  override up(): void {
    this.addSql(`alter table "users" add column if not exists "email_verified_at" timestamptz null;`);
    // The TOTP secret is stored encrypted (AES-256-GCM, key derived from SESSION_SECRET). A row
    // with enabled_at null is an enrolment not yet confirmed with a code. last_step: the last time
    // step a code was accepted for, so a code can't be used twice.
    this.addSql(`create table "user_totp" (
      "user_id" uuid not null primary key references "users" ("id") on delete cascade,
      "secret" text not null,
      "enabled_at" timestamptz null,
      "last_step" bigint not null default 0,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create table "recovery_codes" (
      "id" uuid not null primary key default gen_random_uuid(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "code_hash" text not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "recovery_codes_user_id_index" on "recovery_codes" ("user_id");`);
    this.addSql(`create table "passkeys" (
      "id" text not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "public_key" bytea not null,
      "counter" bigint not null default 0,
      "transports" text[] not null default '{}',
      "name" varchar(100) not null,
      "created_at" timestamptz not null default now(),
      "last_used_at" timestamptz null);`);
    this.addSql(`create index "passkeys_user_id_index" on "passkeys" ("user_id");`);
    this.addSql(`create table "oidc_identities" (
      "provider" varchar(50) not null,
      "subject" varchar(255) not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "email" varchar(254) null,
      "created_at" timestamptz not null default now(),
      primary key ("provider", "subject"));`);
    this.addSql(`create index "oidc_identities_user_id_index" on "oidc_identities" ("user_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "oidc_identities";`);
    this.addSql(`drop table if exists "passkeys";`);
    this.addSql(`drop table if exists "recovery_codes";`);
    this.addSql(`drop table if exists "user_totp";`);
  }
}
