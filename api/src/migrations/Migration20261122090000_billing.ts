import { Migration } from '@mikro-orm/migrations';

/** Billing: processed Stripe events, fulfilled checkouts, the sandbox's records, cancel-at-period-end. */
export class Migration20261122090000_billing extends Migration {
  override up(): void {
    this.addSql(`alter table "subscriptions" add column "cancel_at_period_end" boolean not null default false;`);
    // One Stripe customer per user.
    this.addSql(`alter table "subscriptions" add constraint "subscriptions_stripe_customer_id_unique" unique ("stripe_customer_id");`);
    this.addSql(`create table "stripe_events" ("id" varchar(255) not null primary key, "type" varchar(100) not null, "created_at" timestamptz not null, "processed_at" timestamptz not null default now());`);
    this.addSql(`create table "checkout_fulfilments" ("session_id" varchar(255) not null primary key, "user_id" uuid not null references "users" ("id") on delete cascade, "fulfilled_at" timestamptz not null default now());`);
    this.addSql(`create index "checkout_fulfilments_user_id_index" on "checkout_fulfilments" ("user_id");`);
    this.addSql(`create table "billing_sandbox_objects" ("id" varchar(255) not null primary key, "kind" varchar(32) not null, "data" jsonb not null, "created_at" timestamptz not null default now());`);
  }

  override down(): void {
    this.addSql(`drop table if exists "billing_sandbox_objects";`);
    this.addSql(`drop table if exists "checkout_fulfilments";`);
    this.addSql(`drop table if exists "stripe_events";`);
    this.addSql(`alter table "subscriptions" drop constraint "subscriptions_stripe_customer_id_unique";`);
    this.addSql(`alter table "subscriptions" drop column "cancel_at_period_end";`);
  }
}
