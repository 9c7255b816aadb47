import { Migration } from '@mikro-orm/migrations';

/**
 * Custom assistants (api/src/modules/assistants): a person's own assistant on one of the chat
 * assistants' models, with its instructions, starter prompts, knowledge files and MCP tool servers;
 * private, shared with friends, or public in the Assistants directory. `handle` is what `@handle`
 * names at the start of a message, unique across Chorus (like a username) so a shared or public one
 * means the same assistant to everyone; the nine built-in ids are refused by the rules
 * (assistants/core/rules.ts). Answers and chats keep which custom assistant they used
 * (chat/core/customAssistant.ts); deleting it leaves them to the model behind it.
 */
export class Migration20261129200000_custom_assistants extends Migration {
  override up(): void {
    this.addSql(`create table "custom_assistants" (
      "id" uuid not null primary key default gen_random_uuid(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "name" varchar(40) not null,
      "handle" varchar(24) not null,
      "color" varchar(7) not null default '#6366f1',
      "description" varchar(200) not null default '',
      "instructions" text not null default '',
      "model" varchar(32) not null default 'gpt',
      "visibility" varchar(8) not null default 'private' check ("visibility" in ('private', 'friends', 'public')),
      "starters" text[] not null default '{}',
      "file_ids" uuid[] not null default '{}',
      "tool_server_ids" uuid[] not null default '{}',
      "copied_from" uuid null references "custom_assistants" ("id") on delete set null,
      "uses" int not null default 0,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "custom_assistants_handle_unique" unique ("handle"),
      constraint "custom_assistants_handle_form" check ("handle" ~ '^[a-z][a-z0-9_]{2,23}$'),
      constraint "custom_assistants_instructions_length" check (char_length("instructions") <= 8000));`);
    this.addSql(`create index "custom_assistants_user_index" on "custom_assistants" ("user_id", "updated_at" desc);`);
    this.addSql(
      `create index "custom_assistants_public_index" on "custom_assistants" ("uses" desc, "id") where "visibility" = 'public';`,
    );
    this.addSql(
      `alter table "messages" add column "custom_assistant_id" uuid null references "custom_assistants" ("id") on delete set null;`,
    );
    this.addSql(
      `create index "messages_custom_assistant_index" on "messages" ("custom_assistant_id") where "custom_assistant_id" is not null;`,
    );
    this.addSql(
      `alter table "chats" add column "active_custom_assistant_id" uuid null references "custom_assistants" ("id") on delete set null;`,
    );
    this.addSql(
      `create index "chats_custom_assistant_index" on "chats" ("active_custom_assistant_id") where "active_custom_assistant_id" is not null;`,
    );
    // A compare keeps `custom:<id>` for a custom assistant among its `assistants`, and as its winner.
    this.addSql(`alter table "compare_turns" alter column "winner" type varchar(64);`);
    // Reported and hidden like posts and comments (moderation/core/reports.ts).
    for (const table of ['reports', 'hidden_content']) {
      this.addSql(`alter table "${table}" drop constraint if exists "${table}_target_type_check";`);
      this.addSql(
        `alter table "${table}" add constraint "${table}_target_type_check" check ("target_type" in ('post', 'user', 'message', 'comment', 'assistant'));`,
      );
    }
  }

  override down(): void {
    this.addSql(`alter table "chats" drop column if exists "active_custom_assistant_id";`);
    this.addSql(`alter table "messages" drop column if exists "custom_assistant_id";`);
    this.addSql(`drop table if exists "custom_assistants";`);
  }
}
