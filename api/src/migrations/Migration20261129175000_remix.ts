import { Migration } from '@mikro-orm/migrations';

/**
 * Remix with credit (video/core/remixes.ts): a video made with "Make one like this" records the post
 * it was made from, on its job and then on its post. A plain nullable reference that a deleted
 * original sets to null (the remix stays, its credit goes). The partial index serves an original's
 * remixes list and count, newest first.
 */
export class Migration20261129175000_remix extends Migration {
  override up(): void {
    this.addSql(`alter table "video_jobs" add column "remix_of_id" uuid null
      references "posts" ("id") on delete set null;`);
    this.addSql(`alter table "posts" add column "remix_of_id" uuid null
      references "posts" ("id") on delete set null;`);
    this.addSql(`create index "posts_remix_of_idx" on "posts" ("remix_of_id", "created_at" desc, "id" desc)
      where "remix_of_id" is not null;`);
  }

  override down(): void {
    this.addSql(`alter table "posts" drop column "remix_of_id";`);
    this.addSql(`alter table "video_jobs" drop column "remix_of_id";`);
  }
}
