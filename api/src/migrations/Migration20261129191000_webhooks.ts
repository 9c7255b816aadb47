import { Migration } from '@mikro-orm/migrations';

/**
 * Outgoing webhooks (api/src/modules/webhooks): a person's endpoints, the deliveries queued to them
 * and each delivery's attempts. A delivery's body is text, not jsonb: it is signed and sent as
 * written, on every retry (jsonb would reorder its keys). Endpoints go with their account, deliveries
 * with their endpoint, attempts with their delivery.
 */
export class Migration20261129191000_webhooks extends Migration {
  override up(): void {
    this.addSql(`create table "webhook_endpoints" (
      "id" uuid not null primary key default gen_random_uuid(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "url" text not null,
      "description" text not null default '',
      "events" text[] not null,
      "secret_sealed" text not null,
      "secret_hint" text not null,
      "created_at" timestamptz not null default now(),
      constraint "webhook_endpoints_url_length" check (char_length("url") <= 2000),
      constraint "webhook_endpoints_description_length" check (char_length("description") <= 200));`);
    this.addSql(`create index "webhook_endpoints_user_index" on "webhook_endpoints" ("user_id", "created_at");`);
    this.addSql(`create table "webhook_deliveries" (
      "id" uuid not null primary key,
      "endpoint_id" uuid not null references "webhook_endpoints" ("id") on delete cascade,
      "event_type" text not null,
      "body" text not null,
      "status" text not null default 'pending' check ("status" in ('pending', 'succeeded', 'failed')),
      "attempts" int not null default 0,
      "last_status_code" int null,
      "last_error" text null,
      "next_attempt_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    // An endpoint's log, newest first (keyset), and its pruning.
    this.addSql(
      `create index "webhook_deliveries_endpoint_index" on "webhook_deliveries" ("endpoint_id", "created_at" desc, "id" desc);`,
    );
    this.addSql(`create table "webhook_delivery_attempts" (
      "id" uuid not null primary key default gen_random_uuid(),
      "delivery_id" uuid not null references "webhook_deliveries" ("id") on delete cascade,
      "attempt" int not null,
      "status_code" int null,
      "duration_ms" int not null,
      "error" text null,
      "created_at" timestamptz not null default now(),
      constraint "webhook_delivery_attempts_unique" unique ("delivery_id", "attempt"));`);
  }

  override down(): void {
    this.addSql('drop table if exists "webhook_delivery_attempts";');
    this.addSql('drop table if exists "webhook_deliveries";');
    this.addSql('drop table if exists "webhook_endpoints";');
  }
}
