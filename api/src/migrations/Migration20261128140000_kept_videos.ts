import { Migration } from '@mikro-orm/migrations';

/**
 * Every video the server starts ends up in its owner's gallery, whatever the browser does: a job
 * remembers whether to share it (`video_jobs.share`, the dialog's switch when Generate was pressed),
 * and the worker makes its post when it finishes. `posts.owner_saved` tells such a kept post (false)
 * from one its owner saved: the owner's first save still chooses its sharing, description and tags.
 */
export class Migration20261128140000_kept_videos extends Migration {
  override up(): void {
    this.addSql(`alter table "video_jobs" add column "share" boolean not null default false;`);
    this.addSql(`alter table "posts" add column "owner_saved" boolean not null default true;`);
  }

  override down(): void {
    this.addSql(`alter table "posts" drop column if exists "owner_saved";`);
    this.addSql(`alter table "video_jobs" drop column if exists "share";`);
  }
}
