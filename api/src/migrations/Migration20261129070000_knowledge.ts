import { Migration } from '@mikro-orm/migrations';

/**
 * Files as knowledge (api/src/modules/knowledge): each file's reading status, its passages with a
 * generated tsvector (GIN) and an optional unit embedding as real[], the sources an answer cites and
 * the files a prompt asked about.
 * pgvector is created when the server offers it (docker-compose's image does; the embedded
 * PostgreSQL doesn't, and a role without the right to create it goes on without): ranking casts
 * real[] to `vector` when it exists (knowledge/core/retrieve.ts) and needs nothing else from it.
 * Files stored before this are queued by the `index_waiting_files` cron, not here.
 */
export class Migration20261129070000_knowledge extends Migration {
  override up(): void {
    this.addSql(`alter table "messages" add column "sources" jsonb null, add column "file_ids" text[] null;`);
    this.addSql(`create table "knowledge_files" (
      "file_id" uuid not null references "files" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "status" text check ("status" in ('pending', 'indexing', 'ready', 'failed')) not null default 'pending',
      "error" text null,
      "passages" int not null default 0,
      "embedding_model" varchar(100) null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      primary key ("file_id"));`);
    this.addSql(
      `create index "knowledge_files_pending_idx" on "knowledge_files" ("updated_at") where "status" = 'pending';`,
    );
    this.addSql(`create table "knowledge_passages" (
      "id" bigint generated always as identity,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "file_id" uuid not null references "files" ("id") on delete cascade,
      "n" int not null,
      "page" int null,
      "text" text not null,
      "tsv" tsvector generated always as (to_tsvector('english'::regconfig, "text")) stored,
      "embedding" real[] null,
      primary key ("id"));`);
    this.addSql(
      `create unique index "knowledge_passages_file_n_idx" on "knowledge_passages" ("file_id", "n");`,
    );
    this.addSql(`create index "knowledge_passages_user_idx" on "knowledge_passages" ("user_id");`);
    this.addSql(`create index "knowledge_passages_tsv_idx" on "knowledge_passages" using gin ("tsv");`);
    this.addSql(`do $$ begin
      if exists (select 1 from pg_available_extensions where name = 'vector') then
        create extension if not exists vector;
      end if;
    exception when others then
      raise notice 'pgvector not created (%): ranking goes on without it', sqlerrm;
    end $$;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "knowledge_passages";`);
    this.addSql(`drop table if exists "knowledge_files";`);
    this.addSql(`alter table "messages" drop column if exists "sources", drop column if exists "file_ids";`);
  }
}
