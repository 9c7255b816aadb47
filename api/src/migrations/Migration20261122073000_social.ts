import { Migration } from '@mikro-orm/migrations';

/**
 * Friends, direct messages and invitations: one friendship per pair whichever way it was asked,
 * conversations and their messages, who joined through an invitation, and the mail/SMS outbox.
 */
export class Migration20261122073000_social extends Migration {
  override up(): void {
    // A and B asking each other at the same moment must not make two rows: one per unordered pair.
    this.addSql(
      `create unique index "friendships_unordered_pair_unique" on "friendships" (least("user_id", "friend_id"), greatest("user_id", "friend_id"));`,
    );

    this.addSql(`alter table "invitations" add column "accepted_by_id" uuid null references "users" ("id") on delete set null, add column "accepted_at" timestamptz null;`);
    this.addSql(`create index "invitations_user_accepted_idx" on "invitations" ("user_id") where "status" = 'accepted';`);

    this.addSql(`create table "conversations" (
      "id" uuid not null primary key,
      "user_a_id" uuid not null references "users" ("id") on delete cascade,
      "user_b_id" uuid not null references "users" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      "last_message_at" timestamptz null,
      constraint "conversations_pair_unique" unique ("user_a_id", "user_b_id"),
      constraint "conversations_ordered_pair" check (user_a_id < user_b_id)
    );`);
    this.addSql(`create index "conversations_user_b_id_index" on "conversations" ("user_b_id");`);

    this.addSql(`create table "direct_messages" (
      "id" uuid not null primary key,
      "conversation_id" uuid not null references "conversations" ("id") on delete cascade,
      "sender_id" uuid not null references "users" ("id") on delete cascade,
      "content" text not null,
      "created_at" timestamptz not null default now(),
      "read_at" timestamptz null
    );`);
    this.addSql(
      `create index "direct_messages_conversation_created_idx" on "direct_messages" ("conversation_id", "created_at");`,
    );
    // Unread counts look only at the few messages nobody has read yet.
    this.addSql(
      `create index "direct_messages_unread_idx" on "direct_messages" ("conversation_id", "sender_id") where "read_at" is null;`,
    );

    this.addSql(`create table "outbox_messages" (
      "id" uuid not null primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "invitation_id" uuid null references "invitations" ("id") on delete set null,
      "channel" text not null check ("channel" in ('email', 'sms')),
      "transport" text not null check ("transport" in ('smtp', 'twilio', 'outbox')),
      "recipient" varchar(254) not null,
      "subject" varchar(255) null,
      "text" text not null,
      "html" text null,
      "status" text not null default 'queued' check ("status" in ('queued', 'sent', 'stored', 'failed')),
      "provider_id" varchar(255) null,
      "error" text null,
      "created_at" timestamptz not null default now(),
      "sent_at" timestamptz null
    );`);
    this.addSql(
      `create index "outbox_messages_user_created_idx" on "outbox_messages" ("user_id", "created_at");`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "outbox_messages";`);
    this.addSql(`drop table if exists "direct_messages";`);
    this.addSql(`drop table if exists "conversations";`);
    this.addSql(`drop index if exists "invitations_user_accepted_idx";`);
    this.addSql(`alter table "invitations" drop column "accepted_by_id", drop column "accepted_at";`);
    this.addSql(`drop index if exists "friendships_unordered_pair_unique";`);
  }
}
