import { Migration } from '@mikro-orm/migrations';

/**
 * Web Push (api/src/modules/push): a browser's push subscription (its push service's endpoint and the
 * keys that encrypt for it) per signed-in session, and the signed-in WebSockets every api process
 * holds (`open_sockets`, platform/sessionSockets.ts), which is how the worker knows a person has a
 * Chorus tab open and needs no push. A socket's row is refreshed while it lives; one not seen for a
 * few minutes (its process died) counts as gone.
 */
export class Migration20261129220000_push_subscriptions extends Migration {
  override up(): void {
    this.addSql(`create table "push_subscriptions" (
      "id" uuid not null primary key default gen_random_uuid(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "endpoint" text not null,
      "p256dh" text not null,
      "auth" text not null,
      "session_hash" text not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "push_subscriptions_endpoint_unique" unique ("endpoint"),
      constraint "push_subscriptions_endpoint_length" check (char_length("endpoint") <= 2000));`);
    this.addSql(`create index "push_subscriptions_user_index" on "push_subscriptions" ("user_id", "updated_at");`);
    this.addSql(`create index "push_subscriptions_session_index" on "push_subscriptions" ("session_hash");`);
    this.addSql(`create unlogged table "open_sockets" (
      "id" uuid not null primary key,
      "user_id" uuid not null,
      "seen_at" timestamptz not null default now());`);
    this.addSql(`create index "open_sockets_user_index" on "open_sockets" ("user_id", "seen_at");`);
  }

  override down(): void {
    this.addSql('drop table if exists "open_sockets";');
    this.addSql('drop table if exists "push_subscriptions";');
  }
}
