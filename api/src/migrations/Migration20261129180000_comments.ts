import { Migration } from '@mikro-orm/migrations';

/**
 * Comments on community videos (api/src/modules/comments): top-level comments and one level of
 * replies. A reply goes with its comment (parent_id cascades), every comment with its post and its
 * author's account. Reports and hidden content take 'comment' as a target type.
 */
export class Migration20261129180000_comments extends Migration {
  override up(): void {
    this.addSql(`create table "post_comments" (
      "id" uuid not null primary key default gen_random_uuid(),
      "created_at" timestamptz not null default now(),
      "edited_at" timestamptz null,
      "post_id" uuid not null references "posts" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "parent_id" uuid null references "post_comments" ("id") on delete cascade,
      "body" text not null,
      constraint "post_comments_body_length" check (char_length("body") between 1 and 2000));`);
    // A post's top-level comments oldest first (keyset), and a comment's replies.
    this.addSql(
      `create index "post_comments_post_index" on "post_comments" ("post_id", "created_at", "id") where "parent_id" is null;`,
    );
    this.addSql(`create index "post_comments_parent_index" on "post_comments" ("parent_id", "created_at");`);
    this.addSql(`create index "post_comments_user_index" on "post_comments" ("user_id");`);
    // Trending counts a post's comments of the last days.
    this.addSql(`create index "post_comments_recent_index" on "post_comments" ("created_at", "post_id");`);
    for (const table of ['reports', 'hidden_content']) {
      this.addSql(`alter table "${table}" drop constraint if exists "${table}_target_type_check";`);
      this.addSql(
        `alter table "${table}" add constraint "${table}_target_type_check" check ("target_type" in ('post', 'user', 'message', 'comment'));`,
      );
    }
  }

  override down(): void {
    for (const table of ['reports', 'hidden_content']) {
      this.addSql(`delete from "${table}" where "target_type" = 'comment';`);
      this.addSql(`alter table "${table}" drop constraint if exists "${table}_target_type_check";`);
      this.addSql(
        `alter table "${table}" add constraint "${table}_target_type_check" check ("target_type" in ('post', 'user', 'message'));`,
      );
    }
    this.addSql('drop table if exists "post_comments" cascade;');
  }
}
