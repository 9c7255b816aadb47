import { Migration } from '@mikro-orm/migrations';

/**
 * Where an image-to-video's picture comes from and how a provider reads it:
 * - `source_token`: a random secret in the address a provider that takes only picture URLs (Luma's
 *   keyframes) fetches the start picture from, valid while the job runs (rest/videos.ts).
 * - `source_video_id`, `source_frame_seconds`: the user's video and the moment of it the start
 *   picture was taken from (a frame extracted server-side), kept on the job and copied to its post.
 * - files.purpose `video_frame`: the extracted frame is one of the user's files like any other.
 */
export class Migration20261125165500_video_sources extends Migration {
  override up(): void {
    this.addSql(`alter table "video_jobs" add column "source_token" text null,
      add column "source_video_id" uuid null, add column "source_frame_seconds" real null;`);
    this.addSql(`alter table "posts" add column "source_video_id" uuid null,
      add column "source_frame_seconds" real null;`);
    this.addSql(`alter table "files" drop constraint if exists "files_purpose_check";`);
    this.addSql(`alter table "files" add constraint "files_purpose_check" check ("purpose" in
      ('upload', 'chat_image', 'generated_image', 'video', 'thumbnail', 'video_frame'));`);
  }

  override down(): void {
    this.addSql(`delete from "files" where "purpose" = 'video_frame';`);
    this.addSql(`alter table "files" drop constraint if exists "files_purpose_check";`);
    this.addSql(`alter table "files" add constraint "files_purpose_check" check ("purpose" in
      ('upload', 'chat_image', 'generated_image', 'video', 'thumbnail'));`);
    this.addSql(`alter table "posts" drop column "source_video_id", drop column "source_frame_seconds";`);
    this.addSql(`alter table "video_jobs" drop column "source_token", drop column "source_video_id",
      drop column "source_frame_seconds";`);
  }
}
