import { Migration } from '@mikro-orm/migrations';

/**
 * Real video providers: a job records the model it asked for and the picture an image-to-video
 * starts from; a post records its provenance (provider, model, preview render, source picture),
 * copied from the job when saved so it outlives the job. Posts saved before keep what the job said.
 */
export class Migration20261125110000_video_providers extends Migration {
  override up(): void {
    this.addSql(`alter table "video_jobs" add column "model" text null, add column "source_file_id" uuid null,
      add column "source_image_key" text null, add column "source_image_type" varchar(100) null;`);
    this.addSql(`alter table "posts" add column "provider" varchar(32) null, add column "model" text null,
      add column "preview" boolean not null default false, add column "source_image_url" text null;`);
    this.addSql(`update "posts" p set "provider" = j."provider", "preview" = coalesce(j."provider" = 'preview', false)
      from "video_jobs" j where j."id" = p."video_id";`);
    this.addSql(`update "posts" p set "provider" = 'openai' where p."provider" = 'remote';`);
    this.addSql(`update "video_jobs" set "provider" = 'openai' where "provider" = 'remote';`);
  }

  override down(): void {
    this.addSql(`alter table "posts" drop column "provider", drop column "model", drop column "preview",
      drop column "source_image_url";`);
    this.addSql(`alter table "video_jobs" drop column "model", drop column "source_file_id",
      drop column "source_image_key", drop column "source_image_type";`);
  }
}
