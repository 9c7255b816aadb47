import { Migration } from '@mikro-orm/migrations';

/**
 * Comments on community videos (api/src/modules/comments): top-level comments and one level of
 * replies. A reply goes with its comment (parent_id cascades), every comment with its post and its
 * author's account. Reports and hidden content take 'comment' as a target type.
 *
 * Every change of a video's comments is told on its channel `comments_<post id without dashes>` at
 * commit (comments/core/comments.ts commentsChannelOf, `watchComments`), by triggers, so whatever
 * makes it (a person, a moderator's hide or delete, an account's deletion, a reply going with its
 * comment) reaches the open pages, and only if it commits.
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
    this.addSql(`create function "post_comments_changed"("comment" post_comments, "kind" text) returns void
      language sql as $$
        select pg_notify('comments_' || replace("comment".post_id::text, '-', ''), json_build_object(
          'postId', "comment".post_id, 'kind', "kind", 'commentId', "comment".id, 'parentId', "comment".parent_id)::text)
      $$;`);
    this.addSql(`create function "post_comments_notify"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then perform post_comments_changed(old, 'deleted');
        elsif tg_op = 'INSERT' then perform post_comments_changed(new, 'added');
        else perform post_comments_changed(new, 'edited');
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "post_comments_notify" after insert or update or delete on "post_comments"
      for each row execute function "post_comments_notify"();`);
    // Hidden or shown again by moderators: an edit to the open pages (which then ask what they may see).
    this.addSql(`create function "hidden_comments_notify"() returns trigger language plpgsql as $$
      declare target hidden_content := coalesce(new, old);
      begin
        if target.target_type = 'comment' then
          perform post_comments_changed(c, 'edited') from post_comments c where c.id = target.target_id;
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "hidden_comments_notify" after insert or delete on "hidden_content"
      for each row execute function "hidden_comments_notify"();`);
  }

  override down(): void {
    this.addSql('drop trigger if exists "hidden_comments_notify" on "hidden_content";');
    this.addSql('drop function if exists "hidden_comments_notify"();');
    for (const table of ['reports', 'hidden_content']) {
      this.addSql(`delete from "${table}" where "target_type" = 'comment';`);
      this.addSql(`alter table "${table}" drop constraint if exists "${table}_target_type_check";`);
      this.addSql(
        `alter table "${table}" add constraint "${table}_target_type_check" check ("target_type" in ('post', 'user', 'message'));`,
      );
    }
    this.addSql('drop table if exists "post_comments" cascade;');
    this.addSql('drop function if exists "post_comments_notify"();');
    this.addSql('drop function if exists "post_comments_changed"(post_comments, text);');
  }
}
