import { Migration } from '@mikro-orm/migrations';

export class Migration20261122021253_foundation extends Migration {

  override name = 'Migration20261122021253_foundation';

  override up(): void | Promise<void> {
    // Platform tables the libraries read directly: express-session's store (connect-pg-simple)
    // and the login/register rate limiter (rate-limiter-flexible). Not entities: no domain code
    // touches them.
    this.addSql(`create table "sessions" ("sid" varchar not null primary key, "sess" json not null, "expire" timestamp(6) not null);`);
    this.addSql(`create index "sessions_expire_idx" on "sessions" ("expire");`);
    this.addSql(`create table "rate_limits" ("key" varchar(255) primary key, "points" integer not null default 0, "expire" bigint);`);

    this.addSql(`create table "users" ("id" uuid not null, "username" varchar(50) not null, "password" text not null, "email" varchar(254) not null, "display_name" varchar(100) null, "avatar" text null, "bio" text null, "points" int not null default 0, "settings" jsonb not null default '{}', "created_at" timestamptz not null default now(), "last_active" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create unique index "users_username_lower_unique" on "users" (lower("username"));`);
    this.addSql(`create unique index "users_email_lower_unique" on "users" (lower("email"));`);

    this.addSql(`create table "subscriptions" ("id" uuid not null, "user_id" uuid not null, "stripe_customer_id" varchar(255) null, "stripe_subscription_id" varchar(255) null, "plan_type" text not null default 'free', "status" varchar(32) not null default 'active', "current_period_start" timestamptz null, "current_period_end" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "subscriptions" add constraint "subscriptions_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "subscriptions" add constraint "subscriptions_stripe_subscription_id_unique" unique ("stripe_subscription_id");`);

    this.addSql(`create table "payment_history" ("id" uuid not null, "user_id" uuid not null, "stripe_payment_id" varchar(255) not null, "amount" numeric(10,2) not null, "currency" varchar(3) not null default 'usd', "status" varchar(32) not null, "payment_date" timestamptz not null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "payment_history_user_id_index" on "payment_history" ("user_id");`);
    this.addSql(`alter table "payment_history" add constraint "payment_history_stripe_payment_id_unique" unique ("stripe_payment_id");`);

    this.addSql(`create table "invitations" ("id" uuid not null, "user_id" uuid not null, "invite_type" text not null, "invite_value" varchar(254) null, "status" text not null default 'pending', "token" varchar(64) not null, "message" text null, "created_at" timestamptz not null default now(), "expires_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "invitations_user_id_index" on "invitations" ("user_id");`);
    this.addSql(`alter table "invitations" add constraint "invitations_token_unique" unique ("token");`);

    this.addSql(`create table "friendships" ("id" uuid not null, "user_id" uuid not null, "friend_id" uuid not null, "status" text not null default 'pending', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "friendships_friend_id_index" on "friendships" ("friend_id");`);
    this.addSql(`alter table "friendships" add constraint "friendships_pair_unique" unique ("user_id", "friend_id");`);

    this.addSql(`create table "chats" ("id" uuid not null, "title" varchar(200) not null default 'New Chat', "active_model" varchar(32) not null default 'gpt', "user_id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "chats_user_updated_idx" on "chats" ("user_id", "updated_at");`);

    this.addSql(`create table "messages" ("id" uuid not null, "content" text not null default '', "model" varchar(32) null, "role" text not null, "chat_id" uuid not null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "messages_chat_created_idx" on "messages" ("chat_id", "created_at");`);

    this.addSql(`create table "video_jobs" ("id" uuid not null, "user_id" uuid not null, "prompt" text not null, "duration" varchar(4) not null default '4', "size" varchar(16) not null default '1280x720', "status" text not null default 'queued', "progress" int not null default 0, "error" text null, "provider" varchar(32) null, "video_key" text null, "thumbnail_key" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "video_jobs_user_id_index" on "video_jobs" ("user_id");`);

    this.addSql(`create table "posts" ("id" uuid not null, "user_id" uuid not null, "video_id" uuid null, "slug" varchar(255) not null, "title" varchar(255) not null, "description" text null, "prompt" text not null, "tags" text[] not null default '{}', "duration" varchar(8) null, "size" varchar(16) null, "video_url" text not null, "thumbnail_url" text null, "is_public" boolean not null default false, "likes" int not null default 0, "views" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "posts" add constraint "posts_video_id_unique" unique ("video_id");`);
    this.addSql(`alter table "posts" add constraint "posts_slug_unique" unique ("slug");`);
    this.addSql(`create index "posts_user_created_idx" on "posts" ("user_id", "created_at");`);
    this.addSql(`create index "posts_public_created_idx" on "posts" ("created_at" desc) where "is_public";`);

    this.addSql(`alter table "subscriptions" add constraint "subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "subscriptions" add constraint "subscriptions_plan_type_check" check ("plan_type" in ('free', 'monthly', 'yearly', 'max', 'yearlyMax'));`);

    this.addSql(`alter table "payment_history" add constraint "payment_history_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "invitations" add constraint "invitations_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "invitations" add constraint "invitations_invite_type_check" check ("invite_type" in ('email', 'sms', 'contact', 'app'));`);
    this.addSql(`alter table "invitations" add constraint "invitations_status_check" check ("status" in ('pending', 'accepted', 'expired'));`);

    this.addSql(`alter table "friendships" add constraint "friendships_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "friendships" add constraint "friendships_friend_id_foreign" foreign key ("friend_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "friendships" add constraint "friendships_not_self" check (user_id <> friend_id);`);
    this.addSql(`alter table "friendships" add constraint "friendships_status_check" check ("status" in ('pending', 'accepted', 'declined', 'blocked'));`);

    this.addSql(`alter table "chats" add constraint "chats_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "messages" add constraint "messages_chat_id_foreign" foreign key ("chat_id") references "chats" ("id") on delete cascade;`);
    this.addSql(`alter table "messages" add constraint "messages_role_check" check ("role" in ('user', 'assistant'));`);

    this.addSql(`alter table "video_jobs" add constraint "video_jobs_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "video_jobs" add constraint "video_jobs_progress_range" check (progress between 0 and 100);`);
    this.addSql(`alter table "video_jobs" add constraint "video_jobs_status_check" check ("status" in ('queued', 'in_progress', 'completed', 'failed'));`);

    this.addSql(`alter table "posts" add constraint "posts_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "posts" add constraint "posts_video_id_foreign" foreign key ("video_id") references "video_jobs" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "subscriptions" drop constraint "subscriptions_user_id_foreign";`);
    this.addSql(`alter table "payment_history" drop constraint "payment_history_user_id_foreign";`);
    this.addSql(`alter table "invitations" drop constraint "invitations_user_id_foreign";`);
    this.addSql(`alter table "friendships" drop constraint "friendships_user_id_foreign";`);
    this.addSql(`alter table "friendships" drop constraint "friendships_friend_id_foreign";`);
    this.addSql(`alter table "chats" drop constraint "chats_user_id_foreign";`);
    this.addSql(`alter table "video_jobs" drop constraint "video_jobs_user_id_foreign";`);
    this.addSql(`alter table "posts" drop constraint "posts_user_id_foreign";`);
    this.addSql(`alter table "messages" drop constraint "messages_chat_id_foreign";`);
    this.addSql(`alter table "posts" drop constraint "posts_video_id_foreign";`);

    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "subscriptions" cascade;`);
    this.addSql(`drop table if exists "payment_history" cascade;`);
    this.addSql(`drop table if exists "invitations" cascade;`);
    this.addSql(`drop table if exists "friendships" cascade;`);
    this.addSql(`drop table if exists "chats" cascade;`);
    this.addSql(`drop table if exists "messages" cascade;`);
    this.addSql(`drop table if exists "video_jobs" cascade;`);
    this.addSql(`drop table if exists "posts" cascade;`);
    this.addSql(`drop table if exists "sessions";`);
    this.addSql(`drop table if exists "rate_limits";`);
  }

}
