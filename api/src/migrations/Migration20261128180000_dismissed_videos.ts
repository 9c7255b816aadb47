import { Migration } from '@mikro-orm/migrations';

/**
 * A video that ended without a video can be put away from My Video Gallery's "In the making"
 * (api/src/modules/video/core/jobs.ts, dismissVideoJob); until then it shows there for 7 days.
 */
export class Migration20261128180000_dismissed_videos extends Migration {
  override up(): void {
    this.addSql(`alter table "video_jobs" add column "dismissed_at" timestamptz null;`);
  }

  override down(): void {
    this.addSql(`alter table "video_jobs" drop column if exists "dismissed_at";`);
  }
}
