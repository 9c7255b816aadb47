import { Migration } from '@mikro-orm/migrations';

/**
 * Tools over MCP (api/src/modules/tools): a person's MCP servers (the bearer token sent as their
 * Authorization header, never shown back whole; the tools trusted to run without asking), and the
 * tool calls answers made through them. A call goes with its answer, its server or its account.
 */
export class Migration20261129210000_mcp_servers extends Migration {
  override up(): void {
    this.addSql(`create table "mcp_servers" (
      "id" uuid not null primary key default gen_random_uuid(),
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "name" text not null,
      "url" text not null,
      "token" text null,
      "trusted_tools" text[] not null default '{}',
      "oauth" jsonb null,
      "created_at" timestamptz not null default now(),
      constraint "mcp_servers_name_length" check (char_length("name") between 1 and 40),
      constraint "mcp_servers_url_length" check (char_length("url") <= 2000));`);
    this.addSql(`create index "mcp_servers_user_index" on "mcp_servers" ("user_id", "created_at");`);
    this.addSql(`create table "mcp_tool_calls" (
      "id" uuid not null primary key default gen_random_uuid(),
      "message_id" uuid not null references "messages" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "server_id" uuid null references "mcp_servers" ("id") on delete set null,
      "server_name" text not null,
      "tool" text not null,
      "arguments" jsonb not null default '{}',
      "status" text not null default 'pending'
        check ("status" in ('pending', 'approved', 'refused', 'done', 'failed')),
      "result" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "mcp_tool_calls_message_index" on "mcp_tool_calls" ("message_id", "created_at");`);
  }

  override down(): void {
    this.addSql('drop table if exists "mcp_tool_calls";');
    this.addSql('drop table if exists "mcp_servers";');
  }
}
