import { Migration } from '@mikro-orm/migrations';

/**
 * Personal API tokens (api/src/modules/tokens): only the secret's SHA-256 is kept (a lookup by its
 * unique index on every bearer request), with a short visible prefix to recognise it by. Revoking
 * keeps the row (the list shows it revoked); deleting the account removes them all.
 */
export class Migration20261129190000_api_tokens extends Migration {
  override up(): void {
    this.addSql(`create table "api_tokens" (
      "id" uuid not null default gen_random_uuid() primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "name" varchar(100) not null,
      "token_hash" bytea not null,
      "prefix" varchar(24) not null,
      "scopes" text[] not null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz null,
      "last_used_at" timestamptz null,
      "revoked_at" timestamptz null,
      constraint "api_tokens_hash_unique" unique ("token_hash"));`);
    this.addSql('create index "api_tokens_user_created_index" on "api_tokens" ("user_id", "created_at" desc);');
  }

  override down(): void {
    this.addSql('drop table if exists "api_tokens";');
  }
}
